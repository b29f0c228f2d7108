import { PLATFORMS, type Platform } from '../kernel/index.js';
import type { CollectionCounts } from './analytics-aggregates.js';
import { METRIC_NAMES, type MetricName, PLATFORM_METRICS } from './analytics-metrics.js';

// How much of an analytics answer rests on read figures, per platform: the part of the answer an
// agent reads first, so that absent figures are never taken for zeros.

/** Why a platform's metric is missing from some posts. */
export type MissingReason = 'scope_not_granted' | 'too_few_viewers' | 'not_yet_collected';

/**
 * How far a platform's figures go in the window: nothing published (`no_posts`), published but no
 * figures read for any post (`no_metrics`), figures for some posts (`partial`) or for every one
 * (`complete`). Absent figures are never zeros, so an agent reads this before the totals.
 */
export const COVERAGE_STATES = ['no_posts', 'no_metrics', 'partial', 'complete'] as const;

/** One of COVERAGE_STATES. */
export type CoverageState = (typeof COVERAGE_STATES)[number];

/** What the answer knows for one platform. */
export type PlatformCoverage = {
  readonly state: CoverageState;
  readonly posts: number;
  /** Each metric the platform reports, with how many of the window's posts have it. */
  readonly metrics: Readonly<Partial<Record<MetricName, number>>>;
  /** Metrics the platform gives none of (absent, not zero). */
  readonly unavailable: readonly MetricName[];
  /** Why posts lack figures, with how many. */
  readonly missing: readonly { readonly reason: MissingReason; readonly posts: number }[];
};

const NOTHING: CollectionCounts = {
  posts: 0,
  collected: 0,
  notAvailable: 0,
  scopeMissing: 0,
  withMetric: {},
};

/** The coverage of every visible platform and every one with posts; a platform without posts says so. */
export function coverageOf(
  visible: readonly Platform[],
  collection: Readonly<Partial<Record<Platform, CollectionCounts>>>,
): Partial<Record<Platform, PlatformCoverage>> {
  const out: Partial<Record<Platform, PlatformCoverage>> = {};
  for (const platform of PLATFORMS) {
    const counts = collection[platform] ?? (visible.includes(platform) ? NOTHING : undefined);
    if (counts === undefined) continue;
    const reported = PLATFORM_METRICS[platform];
    const metrics: Partial<Record<MetricName, number>> = {};
    for (const metric of reported) metrics[metric] = counts.withMetric[metric] ?? 0;
    const pending = counts.posts - counts.collected - counts.notAvailable - counts.scopeMissing;
    const missing = (
      [
        { reason: 'scope_not_granted', posts: counts.scopeMissing },
        { reason: 'too_few_viewers', posts: counts.notAvailable },
        { reason: 'not_yet_collected', posts: Math.max(0, pending) },
      ] as const
    ).filter((entry) => entry.posts > 0);
    out[platform] = {
      state: coverageState(counts),
      posts: counts.posts,
      metrics,
      unavailable: METRIC_NAMES.filter((metric) => !reported.includes(metric)),
      missing,
    };
  }
  return out;
}

/** The state of a platform's coverage from its collection counts. */
export function coverageState(counts: Pick<CollectionCounts, 'posts' | 'collected'>): CoverageState {
  if (counts.posts === 0) return 'no_posts';
  if (counts.collected === 0) return 'no_metrics';
  return counts.collected < counts.posts ? 'partial' : 'complete';
}
