import type { MetricName, PostMetrics } from '@svc/core';

/** A platform's counts as our metrics: a count it hid or left out is absent, never read as zero. */
export function definedCounts(counts: Partial<Record<MetricName, number | undefined>>): PostMetrics {
  const metrics: Partial<Record<MetricName, number>> = {};
  for (const [name, value] of Object.entries(counts) as [MetricName, number | undefined][]) {
    if (value !== undefined) metrics[name] = value;
  }
  return metrics;
}
