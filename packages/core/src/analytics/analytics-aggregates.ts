import type { Platform } from '../kernel/index.js';
import type { MetricName } from './analytics-metrics.js';

/** Sums over the published posts of one platform in one period (latest figures of each post). */
export type PlatformSums = {
  readonly posts: number;
  readonly views: number;
  /** Posts whose platform reported views; the rest add nothing to `views`. */
  readonly postsWithViews: number;
  readonly engagement: number;
  readonly postsWithEngagement: number;
};

/** The periods the answer compares: the window, then the last 7, 30 and 365 days and those before. */
export const PERIOD_NAMES = [
  'window',
  'week',
  'previousWeek',
  'month',
  'previousMonth',
  'year',
  'previousYear',
] as const;

/** One of PERIOD_NAMES. */
export type PeriodName = (typeof PERIOD_NAMES)[number];

/** Sums per platform; a platform without posts in the period is absent. */
export type SumsByPlatform = Readonly<Partial<Record<Platform, PlatformSums>>>;

/** How far collection got for one platform's posts in the window. */
export type CollectionCounts = {
  /** Published posts in the window. */
  readonly posts: number;
  /** Posts whose metrics were read at least once. */
  readonly collected: number;
  /** Posts the platform has no figures for yet (Instagram code 10: too few viewers). */
  readonly notAvailable: number;
  /** Posts whose account's token lacks the insights scope. */
  readonly scopeMissing: number;
  /** Posts having each metric. */
  readonly withMetric: Readonly<Partial<Record<MetricName, number>>>;
};

/** Engagement of the posts published in one local weekday and hour of the window. */
export type TimeCell = {
  /** 0 Monday … 6 Sunday, in the requested time zone. */
  readonly weekday: number;
  /** 0 … 23, in the requested time zone. */
  readonly hour: number;
  /** Posts with an engagement figure. */
  readonly posts: number;
  readonly engagement: number;
};

/** Engagement of the window's posts of one content category (null: none set). */
export type CategorySums = {
  readonly category: string | null;
  readonly posts: number;
  readonly engagement: number;
};

/** One of the best posts of its platform in the window, by engagement. */
export type RankedPost = {
  readonly platform: Platform;
  readonly postId: string;
  readonly permalink: string | null;
  readonly engagement: number;
};

/**
 * What a store aggregates for an analytics answer (in the database, never by loading every
 * post): `answerAnalytics` turns it into the answer.
 */
export type AnalyticsAggregates = {
  readonly periods: Readonly<Record<PeriodName, SumsByPlatform>>;
  readonly collection: Readonly<Partial<Record<Platform, CollectionCounts>>>;
  readonly cells: readonly TimeCell[];
  readonly categories: readonly CategorySums[];
  /** The best posts of each platform, best first, at most `TOP_POSTS` each. */
  readonly topPosts: readonly RankedPost[];
};

/** How many top posts the answer lists per platform. */
export const TOP_POSTS = 5;

/** Sums over one platform's posts published on one local day (`AnalyticsStore.aggregateByDay`). */
export type DaySums = PlatformSums & {
  /** The local day of publishing, as whole days since 1970-01-01 in the asked time zone. */
  readonly day: number;
  readonly platform: Platform;
};
