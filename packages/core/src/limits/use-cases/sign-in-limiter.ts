import type { Clock } from '../../kernel/index.js';
import { addressRateLimitSubject } from '../address-rate-limit-subject.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { RateLimitCount } from '../rate-limit-count.js';

/** Counts sign-in attempts and says when a caller must wait. */
export type SignInLimiter = {
  /**
   * Counts an attempt from `address` for `email` and answers the seconds to wait before it may be
   * checked; 0 when it may. Waiting attempts count against the address too, without lengthening
   * the wait.
   */
  admit(address: string, email: string): Promise<number>;
  /** Counts a wrong password for `email` from `address` (the attempt is counted already). */
  recordFailure(address: string, email: string): Promise<void>;
};

/** How many attempts and wrong passwords each window allows (defaults and why in docs/console.md). */
export type SignInLimits = {
  /** The window of the per-address and the per-address-and-account counts. */
  readonly windowMs: number;
  /** Attempts per address (an IPv6 address by its /64), whatever the accounts and outcomes. */
  readonly perAddress: number;
  /** Wrong passwords for one account from one address: that address waits, the owner elsewhere does not. */
  readonly failuresPerAddressAndAccount: number;
  /** The window of the per-account backstop. */
  readonly accountWindowMs: number;
  /** Wrong passwords for one account from every address together: past it, the account waits. */
  readonly failuresPerAccount: number;
};

/**
 * Defaults: 30 attempts per address and 5 wrong passwords per address and account in 15 minutes;
 * 100 wrong passwords per account in 24 hours from all addresses together.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60_000,
  perAddress: 30,
  failuresPerAddressAndAccount: 5,
  accountWindowMs: 24 * 60 * 60_000,
  failuresPerAccount: 100,
};

/**
 * Fixed-window counters in the shared rate-limit store, so every server process (OAuth consent
 * and the console alike) counts against one allowance. Wrong passwords lock the *address and
 * account* pair, not the account: someone who knows an email cannot lock its owner out by
 * guessing from elsewhere (issue 30). Guessing one password from many addresses meets the slower
 * per-account backstop, which does stop everyone, the owner included, until its window ends: the
 * price of bounding a distributed guess. Addresses count as the API's limits count them, an IPv6
 * address by its /64. One round trip per attempt (three counters at once), one more for a wrong
 * password.
 */
export function createSignInLimiter(
  store: RateLimitStore,
  clock: Clock,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInLimiter {
  const wait = (counted: RateLimitCount, windowMs: number, refused: boolean, now: Date) =>
    refused ? Math.max(1, Math.ceil((counted.windowStart.getTime() + windowMs - now.getTime()) / 1000)) : 0;
  const keys = (address: string, email: string) => {
    const subject = addressRateLimitSubject(address);
    return {
      address: `signin:address:${subject}`,
      pair: `signin:pair:${subject}|${email}`,
      account: `signin:account:${email}`,
    };
  };
  return {
    async admit(address, email) {
      const now = clock.now();
      const key = keys(address, email);
      const [byAddress, byPair, byAccount] = await Promise.all([
        store.hit(key.address, now, limits.windowMs, 1),
        store.hit(key.pair, now, limits.windowMs, 0),
        store.hit(key.account, now, limits.accountWindowMs, 0),
      ]);
      return Math.max(
        // This attempt is counted already: the allowance is used up once the count passes it.
        wait(byAddress, limits.windowMs, byAddress.count > limits.perAddress, now),
        wait(byPair, limits.windowMs, byPair.count >= limits.failuresPerAddressAndAccount, now),
        wait(byAccount, limits.accountWindowMs, byAccount.count >= limits.failuresPerAccount, now),
      );
    },
    async recordFailure(address, email) {
      const now = clock.now();
      const key = keys(address, email);
      await Promise.all([
        store.hit(key.pair, now, limits.windowMs, 1),
        store.hit(key.account, now, limits.accountWindowMs, 1),
      ]);
    },
  };
}
