import { signInSessionsOf } from '@svc/console';
import type { Clock, SignInSessions, Store } from '@svc/core';
import { createAgentAccess } from '@svc/oauth';

/**
 * Every place a person is signed in from a browser, as the console ends them on a password change:
 * the console's sessions and the authorization server's, for the CLI's `svc users set-password`.
 */
export function serverSignInSessions(store: Store, clock: Clock): SignInSessions {
  return signInSessionsOf(store.oauth, createAgentAccess(store.oauth, clock));
}
