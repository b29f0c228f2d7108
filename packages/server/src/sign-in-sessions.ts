import { endConsoleSessions } from '@svc/console';
import type { Clock, SignInSessions, Store } from '@svc/core';
import { createAgentAccess } from '@svc/oauth';

/**
 * Every place a person is signed in from a browser: the console's sessions and the authorization
 * server's (whose cookie would let that browser approve a new agent without the password).
 */
export function serverSignInSessions(store: Store, clock: Clock): SignInSessions {
  const agents = createAgentAccess(store.oauth, clock);
  return {
    async endOthers(userId, keepId) {
      await endConsoleSessions(store.oauth, userId, keepId);
      await agents.endSignInSessions(userId);
    },
  };
}
