import type { Clock } from '../ports/clock.js';
import type { RateLimitCount, RateLimitStore } from '../ports/rate-limit-store.js';

/** Counts sign-in attempts and says when a caller must wait. */
export type SignInLimiter = {
  /**
   * Counts an attempt from `address` for `email` and answers the seconds to wait before it may be
   * checked; 0 when it may. Waiting attempts count too, without lengthening the wait.
   */
  admit(address: string, email: string): Promise<number>;
  /** Counts a wrong password against `email` (every attempt already counted against its address). */
  recordFailure(email: string): Promise<void>;
};

/** Limits per window: guessing one account's password is slow, and so is spraying from one address. */
export type SignInLimits = {
  readonly windowMs: number;
  readonly perAddress: number;
  readonly failuresPerEmail: number;
};

/** Defaults: 5 wrong passwords per account and 30 attempts per address in 15 minutes. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60_000,
  perAddress: 30,
  failuresPerEmail: 5,
};

/**
 * Fixed-window counters in the shared rate-limit store, so every server process (OAuth consent
 * and the console alike) counts against one allowance per address and per email. A window starts
 * at the first attempt. Two round trips per attempt (the address counted, the email read, both at
 * once), one more for a wrong password.
 */
export function createSignInLimiter(
  store: RateLimitStore,
  clock: Clock,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInLimiter {
  const wait = (counted: RateLimitCount, refused: boolean, now: Date) =>
    refused
      ? Math.max(1, Math.ceil((counted.windowStart.getTime() + limits.windowMs - now.getTime()) / 1000))
      : 0;
  return {
    async admit(address, email) {
      const now = clock.now();
      const [byAddress, byEmail] = await Promise.all([
        store.hit(`signin:address:${address}`, now, limits.windowMs, 1),
        store.hit(`signin:email:${email}`, now, limits.windowMs, 0),
      ]);
      return Math.max(
        // This attempt is counted already: the allowance is used up once the count passes it.
        wait(byAddress, byAddress.count > limits.perAddress, now),
        wait(byEmail, byEmail.count >= limits.failuresPerEmail, now),
      );
    },
    async recordFailure(email) {
      await store.hit(`signin:email:${email}`, clock.now(), limits.windowMs, 1);
    },
  };
}
