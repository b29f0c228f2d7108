import { emailSchema, type PasswordHasher, type User, type UserStore } from '../../identity/index.js';
import type { SignInLimiter } from './sign-in-limiter.js';

/** The outcome of a sign-in attempt. */
export type SignInCheck =
  | { readonly kind: 'signed_in'; readonly user: User }
  /** Too many attempts: try again in `retryAfterSeconds`. */
  | { readonly kind: 'wait'; readonly retryAfterSeconds: number; readonly email: string }
  /** Unknown email, wrong password or a user whose access is disabled: one answer for all. */
  | { readonly kind: 'refused'; readonly email: string };

/**
 * Checks a sign-in with an email and password, the same way on every sign-in page (OAuth consent,
 * the console): the shared limiter first, then the password, against a decoy hash when the email
 * is unknown so that timing does not tell which emails exist. Every attempt is recorded.
 */
export async function checkSignIn(
  deps: { readonly users: UserStore; readonly limiter: SignInLimiter; readonly passwords: PasswordHasher },
  attempt: { readonly email: string; readonly password: string; readonly address: string },
): Promise<SignInCheck> {
  const parsed = emailSchema.safeParse(attempt.email);
  const email = parsed.success ? parsed.data : attempt.email.trim().toLowerCase();
  const wait = await deps.limiter.admit(attempt.address, email);
  if (wait > 0) return { kind: 'wait', retryAfterSeconds: wait, email };
  const user = parsed.success ? await deps.users.getUserByEmail(email) : null;
  const stored = user === null ? null : await deps.users.getPasswordHash(user.id);
  const matches = await deps.passwords.verify(attempt.password, stored ?? deps.passwords.decoyHash);
  const ok = matches && user !== null && stored !== null && !user.apiAccessDisabled;
  if (!ok) await deps.limiter.recordFailure(attempt.address, email);
  return ok && user !== null ? { kind: 'signed_in', user } : { kind: 'refused', email };
}
