import type { CoreDeps } from '../../deps/index.js';

// How many journal events one catching-up step reads.
const JOURNAL_STEP = 500;

/**
 * Makes the metrics of every published post due now (only those of `ownerId` when given), for an
 * operator who will not wait for the schedule: the journal is followed to its end first, so every
 * post published so far has its collections. Answers how many became due.
 */
export async function collectAnalyticsNow(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  ownerId: string | null,
): Promise<number> {
  while ((await deps.store.analytics.followJournal(JOURNAL_STEP)) > 0) {
    // Start the collections of every post published so far.
  }
  return deps.store.analytics.collectNow(ownerId, deps.clock.now());
}
