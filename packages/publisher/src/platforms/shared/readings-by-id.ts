import type { MetricName, MetricsAnswer, MetricsTarget } from '@svc/core';
import { definedCounts } from './defined-counts.js';

/**
 * The answer of a batch metrics read from the items the platform gave, by its post id: a target
 * it left out (removed, private, never given a public id) is not available; `counts` maps an item
 * to our metric names, its absent counts left out.
 */
export function readingsById<T>(
  targets: readonly MetricsTarget[],
  items: ReadonlyMap<string, T>,
  counts: (item: T) => Partial<Record<MetricName, number | undefined>>,
): Extract<MetricsAnswer, { readonly kind: 'read' }> {
  return {
    kind: 'read',
    readings: targets.map((target) => {
      const item = items.get(target.platformPostId);
      return item === undefined
        ? { postId: target.postId, kind: 'not_available' }
        : { postId: target.postId, kind: 'metrics', metrics: definedCounts(counts(item)) };
    }),
  };
}
