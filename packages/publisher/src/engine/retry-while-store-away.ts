import { isStoreUnavailable } from '@svc/core';

/** Waits between attempts while the database is away: quick at first, then every few seconds. */
const BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000] as const;

export type StoreRetryOptions = {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Gives up when this turns true (the publisher is stopping). */
  readonly stopping: () => boolean;
  /**
   * Gives up after this time: past our lease another publisher may own the post, and the lease
   * rules, not a race, should decide who goes on.
   */
  readonly deadline: number;
};

/**
 * Runs a store call and, while the database is unreachable, runs it again with backoff. A write
 * that publishes nothing half-way (each is one compare-and-set row) can wait out a database
 * restart this way, so a post whose platform step already happened is recorded as soon as the
 * database returns instead of waiting for its lease to expire. Rethrows anything else, and the
 * last unavailability once stopping or past the deadline.
 */
export async function retryWhileStoreAway<T>(call: () => Promise<T>, options: StoreRetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isStoreUnavailable(error) || options.stopping()) throw error;
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number;
      if (options.now() + wait > options.deadline) throw error;
      await options.sleep(wait);
    }
  }
}
