import type { Clock } from '../ports/clock.js';

/** Counts sign-in attempts and says when a caller must wait. */
export type SignInLimiter = {
  /** Seconds to wait before another attempt from this address for this email; 0 when allowed. */
  retryAfter(address: string, email: string): number;
  /** Records an attempt (every one counts against the address, failed ones against the email). */
  record(address: string, email: string, succeeded: boolean): void;
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

/** Bound on remembered keys, so a flood of made-up emails cannot grow memory without end. */
const MAX_KEYS = 50_000;

/**
 * Fixed-window counters in memory. Per process: with several server processes an attacker gets
 * each one's allowance, still a small multiple of a slow rate.
 */
export function createSignInLimiter(
  clock: Clock,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window === undefined || now - window.start >= limits.windowMs ? null : window;
  };
  const bump = (key: string, now: number) => {
    const window = current(key, now);
    if (window !== null) {
      window.count += 1;
      return;
    }
    if (windows.size >= MAX_KEYS) {
      for (const [k, w] of windows) if (now - w.start >= limits.windowMs) windows.delete(k);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
    }
    windows.set(key, { start: now, count: 1 });
  };
  const wait = (key: string, max: number, now: number) => {
    const window = current(key, now);
    return window === null || window.count < max
      ? 0
      : Math.ceil((window.start + limits.windowMs - now) / 1000);
  };
  return {
    retryAfter(address, email) {
      const now = clock.now().getTime();
      return Math.max(
        wait(`address:${address}`, limits.perAddress, now),
        wait(`email:${email}`, limits.failuresPerEmail, now),
      );
    },
    record(address, email, succeeded) {
      const now = clock.now().getTime();
      bump(`address:${address}`, now);
      if (!succeeded) bump(`email:${email}`, now);
    },
  };
}
