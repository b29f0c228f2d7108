import { describe } from 'vitest';
import type { Store } from '../deps/index.js';
import { describeAnalyticsAggregateContract } from './analytics-aggregate-contract.js';
import { describeAnalyticsCollectionContract } from './analytics-collection-contract.js';

/**
 * The analytics part of the store contract: collections start from the journal's posted posts,
 * are leased one collector at a time, keep every read as a snapshot, and the aggregates an
 * answer is computed from. `store()` is the test's fresh store.
 */
export function describeAnalyticsContract(store: () => Store): void {
  describe('analytics', () => {
    describeAnalyticsCollectionContract(store);
    describeAnalyticsAggregateContract(store);
  });
}
