import { PLATFORMS, type Platform } from '../kernel/index.js';
import type {
  AnalyticsAggregates,
  PeriodName,
  PlatformSums,
  SumsByPlatform,
  TimeCell,
} from './analytics-aggregates.js';
import { coverageOf, type PlatformCoverage } from './analytics-coverage.js';

/** A recommendation needs this many posts in its bucket… */
export const MIN_BUCKET_SAMPLES = 3;
/** …and this many posts with engagement in the whole window; below either, none is made. */
export const MIN_TOTAL_SAMPLES = 10;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Views, engagement and post count of a set of posts: the headline of their sums. */
export type Figures = Pick<PlatformSums, 'posts' | 'views' | 'engagement'>;

/** A period against the one before it; `change` is a ratio (0.25 = +25 %), null without a base. */
export type Comparison = {
  readonly current: Figures;
  readonly previous: Figures;
  readonly change: { readonly views: number | null; readonly engagement: number | null };
};

/** A best bucket, or null with the reason when the samples are too few to say. */
export type Recommendation<T> = {
  readonly value: T | null;
  /** Posts in the chosen bucket (or in all buckets, when none is chosen). */
  readonly samples: number;
  readonly averageEngagement: number | null;
  readonly reason: 'too_few_samples' | null;
};

/** One cell of the weekday × hour grid. */
export type BestTimeCell = {
  readonly weekday: (typeof WEEKDAYS)[number];
  readonly hour: number;
  readonly samples: number;
  readonly averageEngagement: number | null;
};

/** A top post, ranked within its platform only. */
export type TopPost = {
  readonly rank: number;
  readonly postId: string;
  readonly permalink: string | null;
  readonly metric: 'engagement';
  readonly value: number;
  /** `value` over the platform's best in the window: 1 for the best, never across platforms. */
  readonly relativeToPlatformBest: number;
};

/** The window an analytics answer covers, as answered: its days, time zone and ISO instants. */
export type AnsweredWindow = {
  readonly days: number;
  readonly timezone: string;
  readonly from: string;
  readonly to: string;
};

/** The head of every analytics answer: the window it covers, its instants as ISO strings. */
export function answeredWindow(window: Omit<AnalyticsWindow, 'platforms'>): AnsweredWindow {
  return {
    days: window.days,
    timezone: window.timezone,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
  };
}

/** The answer of `svc_get_analytics` and `GET /api/v1/analytics`. */
export type AnalyticsAnswer = AnsweredWindow & {
  /** Every platform the caller can see: its accounts' platforms and any with posts in the window. */
  readonly coverage: Readonly<Partial<Record<Platform, PlatformCoverage>>>;
  readonly totals: Figures & { readonly byPlatform: Readonly<Partial<Record<Platform, Figures>>> };
  readonly weekOnWeek: Comparison;
  readonly monthOnMonth: Comparison;
  readonly yearOnYear: Comparison;
  readonly bestHour: Recommendation<number>;
  readonly bestWeekday: Recommendation<(typeof WEEKDAYS)[number]>;
  readonly bestCategory: Recommendation<string>;
  readonly bestTimes: readonly BestTimeCell[];
  readonly topPosts: Readonly<Partial<Record<Platform, readonly TopPost[]>>>;
};

/** The window the answer covers. */
export type AnalyticsWindow = {
  readonly days: number;
  readonly timezone: string;
  readonly from: Date;
  readonly to: Date;
  /**
   * Platforms of the accounts the answer is about (the caller's active accounts its key sees, or
   * the ones asked for): coverage names each, with posts in the window or not.
   */
  readonly platforms: readonly Platform[];
};

/** Turns what the store aggregated into the answer; pure, so every figure can be checked. */
export function answerAnalytics(window: AnalyticsWindow, aggregates: AnalyticsAggregates): AnalyticsAnswer {
  const { periods, cells } = aggregates;
  const engagedPosts = cells.reduce((sum, cell) => sum + cell.posts, 0);
  const byHour = bucketsOf(cells, (cell) => cell.hour);
  const byWeekday = bucketsOf(cells, (cell) => cell.weekday);
  const byCategory = new Map(
    aggregates.categories.flatMap((c) => (c.category === null ? [] : [[c.category, c] as const])),
  );
  return {
    ...answeredWindow(window),
    coverage: coverageOf(window.platforms, aggregates.collection),
    totals: { ...figuresOf(periods.window), byPlatform: byPlatformOf(periods.window) },
    weekOnWeek: compare(periods, 'week', 'previousWeek'),
    monthOnMonth: compare(periods, 'month', 'previousMonth'),
    yearOnYear: compare(periods, 'year', 'previousYear'),
    bestHour: recommend(byHour, engagedPosts, (hour) => hour),
    bestWeekday: recommend(byWeekday, engagedPosts, (day) => WEEKDAYS[day] ?? 'monday'),
    bestCategory: recommend(byCategory, engagedPosts, (category) => category),
    bestTimes: gridOf(cells),
    topPosts: topPostsOf(aggregates),
  };
}

/** The relative change from `previous` to `current`; null without posts or a value to compare with. */
export function changeOf(current: number, previous: number, previousPosts: number): number | null {
  if (previousPosts === 0 || previous === 0) return null;
  return (current - previous) / previous;
}

function figuresOf(sums: SumsByPlatform): Figures {
  let posts = 0;
  let views = 0;
  let engagement = 0;
  for (const platform of PLATFORMS) {
    const s = sums[platform];
    if (s === undefined) continue;
    posts += s.posts;
    views += s.views;
    engagement += s.engagement;
  }
  return { posts, views, engagement };
}

function byPlatformOf(sums: SumsByPlatform): Partial<Record<Platform, Figures>> {
  const out: Partial<Record<Platform, Figures>> = {};
  for (const platform of PLATFORMS) {
    const s: PlatformSums | undefined = sums[platform];
    if (s !== undefined) out[platform] = { posts: s.posts, views: s.views, engagement: s.engagement };
  }
  return out;
}

function compare(
  periods: Readonly<Record<PeriodName, SumsByPlatform>>,
  current: PeriodName,
  previous: PeriodName,
): Comparison {
  const now = figuresOf(periods[current]);
  const before = figuresOf(periods[previous]);
  return {
    current: now,
    previous: before,
    change: {
      views: changeOf(now.views, before.views, before.posts),
      engagement: changeOf(now.engagement, before.engagement, before.posts),
    },
  };
}

type Bucket = { readonly posts: number; readonly engagement: number };

function bucketsOf<K>(cells: readonly TimeCell[], key: (cell: TimeCell) => K) {
  const buckets = new Map<K, Bucket>();
  for (const cell of cells) {
    const k = key(cell);
    const held = buckets.get(k) ?? { posts: 0, engagement: 0 };
    buckets.set(k, { posts: held.posts + cell.posts, engagement: held.engagement + cell.engagement });
  }
  return buckets;
}

// The bucket with the highest average engagement per post among those with enough posts; ties go
// to the one with more posts, then to the first. None when the window has too few posts at all.
function recommend<K, T>(
  buckets: ReadonlyMap<K, Bucket>,
  engagedPosts: number,
  label: (key: K) => T,
): Recommendation<T> {
  let best: { key: K; bucket: Bucket; average: number } | null = null;
  if (engagedPosts >= MIN_TOTAL_SAMPLES) {
    for (const [key, bucket] of buckets) {
      if (bucket.posts < MIN_BUCKET_SAMPLES) continue;
      const average = bucket.engagement / bucket.posts;
      if (
        best === null ||
        average > best.average ||
        (average === best.average && bucket.posts > best.bucket.posts)
      ) {
        best = { key, bucket, average };
      }
    }
  }
  if (best === null) {
    return { value: null, samples: engagedPosts, averageEngagement: null, reason: 'too_few_samples' };
  }
  return {
    value: label(best.key),
    samples: best.bucket.posts,
    averageEngagement: best.average,
    reason: null,
  };
}

function gridOf(cells: readonly TimeCell[]): BestTimeCell[] {
  const held = new Map(cells.map((cell) => [cell.weekday * 24 + cell.hour, cell]));
  return WEEKDAYS.flatMap((weekday, day) =>
    Array.from({ length: 24 }, (_, hour) => {
      const cell = held.get(day * 24 + hour);
      const samples = cell?.posts ?? 0;
      return {
        weekday,
        hour,
        samples,
        averageEngagement: cell === undefined || samples === 0 ? null : cell.engagement / samples,
      };
    }),
  );
}

function topPostsOf(aggregates: AnalyticsAggregates): Partial<Record<Platform, TopPost[]>> {
  const out: Partial<Record<Platform, TopPost[]>> = {};
  for (const platform of PLATFORMS) {
    const ranked = aggregates.topPosts
      .filter((post) => post.platform === platform)
      .sort((a, b) => b.engagement - a.engagement || a.postId.localeCompare(b.postId));
    const best = ranked[0]?.engagement;
    if (best === undefined) continue;
    out[platform] = ranked.map((post, index) => ({
      rank: index + 1,
      postId: post.postId,
      permalink: post.permalink,
      metric: 'engagement',
      value: post.engagement,
      relativeToPlatformBest: best === 0 ? 1 : post.engagement / best,
    }));
  }
  return out;
}
