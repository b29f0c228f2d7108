import { errAsync, ResultAsync } from 'neverthrow';
import {
  type ChangePasswordDeps,
  changePassword,
  type PasswordHasher,
  passwordChangeProblem,
  type User,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { checkSignIn } from './check-sign-in.js';
import type { SignInLimiter } from './sign-in-limiter.js';

/** A signed-in person changing their own password (the console's Account page). */
export type OwnPasswordChange = {
  readonly user: User;
  /** The password they signed in with, typed again. */
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
  /** The client address the attempt comes from, as the sign-in limiter counts it. */
  readonly address: string;
  /** The session the change is made from, which stays signed in. */
  readonly keepSessionId: string;
};

/** What a person's own password change needs: a password change's, with the sign-in limiter. */
export type ChangeOwnPasswordDeps = Omit<ChangePasswordDeps, 'passwords'> & {
  readonly passwords: PasswordHasher;
  readonly limiter: SignInLimiter;
};

/**
 * Changes a person's own password once they prove the current one. The new password is checked
 * first, so a typo in it does not count as a sign-in attempt; the current one is then checked as a
 * sign-in, against the same limits (`rate_limited` when they are spent, `validation_failed` on
 * `current` when it is wrong); then `changePassword` sets it and ends their other sessions.
 */
export function changeOwnPassword(
  deps: ChangeOwnPasswordDeps,
  input: OwnPasswordChange,
): ResultAsync<void, SvcError> {
  const problem = passwordChangeProblem(input.password, input.confirm);
  if (problem !== null) return errAsync(svcError('validation_failed', problem, { field: 'password' }));
  const attempt = { email: input.user.email, password: input.current, address: input.address };
  return ResultAsync.fromSafePromise(
    checkSignIn({ users: deps.store.users, limiter: deps.limiter, passwords: deps.passwords }, attempt),
  ).andThen((check) => {
    if (check.kind === 'wait') {
      const wait = { retryAfterSeconds: check.retryAfterSeconds };
      return errAsync(svcError('rate_limited', 'Too many attempts. Try again later.', wait));
    }
    if (check.kind === 'refused') {
      return errAsync(
        svcError('validation_failed', 'The current password is not right.', { field: 'current' }),
      );
    }
    return changePassword(deps, {
      userId: input.user.id,
      password: input.password,
      confirm: input.confirm,
      keepSessionId: input.keepSessionId,
    });
  });
}
