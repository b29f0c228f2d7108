import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { passwordChangeProblem } from '../password-change-problem.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { SignInSessions } from '../ports/sign-in-sessions.js';

/** A new sign-in password for a user, from the person (console) or the operator (`svc users set-password`). */
export type ChangePasswordInput = {
  readonly userId: string;
  readonly password: string;
  /** The password typed again, when the surface asks for it; must match. */
  readonly confirm?: string | undefined;
  /** The console session the change was made from, which stays signed in; null: end them all. */
  readonly keepSessionId: string | null;
};

/** What changing a password needs: the users, a clock, the hasher and where sessions live. */
export type ChangePasswordDeps = Pick<CoreDeps, 'store' | 'clock'> & {
  readonly passwords: Pick<PasswordHasher, 'hash'>;
  readonly sessions: SignInSessions;
};

/**
 * Sets a user's sign-in password and ends their other sign-in sessions: whoever knew the old
 * password may hold another browser's session. Agents keep their approvals, which the person gave
 * them and revokes on their own. `validation_failed` on `password` for a refused password,
 * `user_not_found` when the user is gone.
 */
export function changePassword(
  deps: ChangePasswordDeps,
  input: ChangePasswordInput,
): ResultAsync<void, SvcError> {
  return new ResultAsync(change(deps, input));
}

async function change(deps: ChangePasswordDeps, input: ChangePasswordInput): Promise<Result<void, SvcError>> {
  const problem = passwordChangeProblem(input.password, input.confirm);
  if (problem !== null) return err(svcError('validation_failed', problem, { field: 'password' }));
  const hash = await deps.passwords.hash(input.password);
  const stored = await deps.store.users.setPasswordHash(input.userId, hash, deps.clock.now());
  if (!stored) return err(svcError('user_not_found', 'The user is gone.'));
  await deps.sessions.endOthers(input.userId, input.keepSessionId);
  return ok(undefined);
}
