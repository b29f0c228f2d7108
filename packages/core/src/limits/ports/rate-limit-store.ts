import type { RateLimitCount } from '../rate-limit-count.js';

/**
 * Shared counters of rate limits (API keys, client addresses, sign-in attempts), kept in the
 * database so that every server process counts against the same allowance. A counter's window
 * starts at its first hit and lasts `windowMs`; the first hit at or after its end starts the next
 * one (fixed windows anchored at first use, docs/rate-limits.md). Stores decide nothing else: the
 * caller compares the count with its policy.
 */
export type RateLimitStore = {
  /**
   * Adds `cost` to counter `key` in one atomic write and answers the counter after it: when its
   * window has ended by `now` (or it is new), a window of `windowMs` starts at `now` holding
   * `cost`. Concurrent hits from any number of processes are all counted. Cost 0 reads.
   */
  hit(key: string, now: Date, windowMs: number, cost: number): Promise<RateLimitCount>;
  /** Deletes every counter whose window ended at or before `now`; resolves to how many went. */
  deleteExpired(now: Date): Promise<number>;
};
