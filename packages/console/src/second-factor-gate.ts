import { mustSetUpSecondFactor, secondFactorsOf, type User } from '@svc/core';
import type { ConsoleDeps } from './console-deps.js';
import { type ConsoleReply, redirectReply } from './console-reply.js';
import { SECURITY_PATH } from './pages/security-page.js';

// Where a person without a required second factor may still go: the Security page and its
// forms, and signing out.
const OPEN = (path: string) =>
  path === SECURITY_PATH || path.startsWith(`${SECURITY_PATH}/`) || path === '/app/sign-out';

/**
 * When the operator requires a second factor (`SVC_REQUIRE_SECOND_FACTOR`) and the person has
 * none, every other page sends them to set one up (core's `mustSetUpSecondFactor` decides);
 * null when the request may go on.
 */
export async function secondFactorSetUp(
  deps: ConsoleDeps,
  user: User,
  path: string,
): Promise<ConsoleReply | null> {
  if (deps.requireSecondFactor !== true || OPEN(path)) return null;
  const factors = await secondFactorsOf(deps.core, user.id);
  return mustSetUpSecondFactor(true, factors) ? redirectReply(SECURITY_PATH) : null;
}
