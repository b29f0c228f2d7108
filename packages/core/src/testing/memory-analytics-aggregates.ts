import {
  type AnalyticsAggregates,
  type AnalyticsQuery,
  type AnalyticsSeriesQuery,
  type CollectionCounts,
  type CollectionStatus,
  type DaySums,
  engagementOf,
  METRIC_NAMES,
  type NewCollection,
  PERIOD_NAMES,
  type PeriodName,
  type PlatformSums,
  type PostMetrics,
  type RankedPost,
  type TimeCell,
} from '../analytics/index.js';
import { localWeekdayHour, type Platform } from '../kernel/index.js';
import type { Post } from '../posts/index.js';

// The memory analytics store's aggregates: pure sums over its collections, as the SQL stores'
// GROUP BY queries compute them.

/** What the aggregates read of a memory collection. */
export type AggregatedCollection = Pick<
  NewCollection,
  'postId' | 'ownerId' | 'accountId' | 'platform' | 'publishedAt'
> & {
  readonly status: CollectionStatus;
  readonly latest: PostMetrics;
};

/** `s` with one more post of these figures. */
const plusPost = <S extends PlatformSums>(s: S, latest: PostMetrics, engagement: number | null): S => ({
  ...s,
  posts: s.posts + 1,
  views: s.views + (latest.views ?? 0),
  postsWithViews: s.postsWithViews + (latest.views === undefined ? 0 : 1),
  engagement: s.engagement + (engagement ?? 0),
  postsWithEngagement: s.postsWithEngagement + (engagement === null ? 0 : 1),
});

/** AnalyticsStore.aggregate over the memory store's collections; `post` reads a stored post. */
export function aggregateOf(
  collections: Iterable<AggregatedCollection>,
  query: AnalyticsQuery,
  post: (id: string) => Post | undefined,
): AnalyticsAggregates {
  const accounts = query.accountIds === null ? null : new Set(query.accountIds);
  const mine = [...collections].filter(
    (c) => c.ownerId === query.ownerId && (accounts === null || accounts.has(c.accountId)),
  );
  const within = (c: AggregatedCollection, range: { from: Date; to: Date }) =>
    c.publishedAt.getTime() >= range.from.getTime() && c.publishedAt.getTime() < range.to.getTime();
  const periods = {} as Record<PeriodName, Partial<Record<Platform, PlatformSums>>>;
  for (const name of PERIOD_NAMES) {
    const sums: Partial<Record<Platform, PlatformSums>> = {};
    for (const c of mine.filter((each) => within(each, query.periods[name]))) {
      const engagement = engagementOf(c.platform, c.latest);
      const s = sums[c.platform] ?? {
        posts: 0,
        views: 0,
        postsWithViews: 0,
        engagement: 0,
        postsWithEngagement: 0,
      };
      sums[c.platform] = plusPost(s, c.latest, engagement);
    }
    periods[name] = sums;
  }
  const inWindow = mine.filter((c) => within(c, query.periods.window));
  const collection: Partial<Record<Platform, CollectionCounts>> = {};
  for (const c of inWindow) {
    const held = collection[c.platform] ?? {
      posts: 0,
      collected: 0,
      notAvailable: 0,
      scopeMissing: 0,
      withMetric: {},
    };
    const withMetric = { ...held.withMetric };
    for (const metric of METRIC_NAMES) {
      if (c.latest[metric] !== undefined) withMetric[metric] = (withMetric[metric] ?? 0) + 1;
    }
    collection[c.platform] = {
      posts: held.posts + 1,
      collected: held.collected + (c.status === 'collected' ? 1 : 0),
      notAvailable: held.notAvailable + (c.status === 'not_available' ? 1 : 0),
      scopeMissing: held.scopeMissing + (c.status === 'scope_missing' ? 1 : 0),
      withMetric,
    };
  }
  const engaged = inWindow.flatMap((c) => {
    const engagement = engagementOf(c.platform, c.latest);
    return engagement === null ? [] : [{ c, engagement }];
  });
  const cells = new Map<number, TimeCell>();
  const categories = new Map<string | null, { posts: number; engagement: number }>();
  for (const { c, engagement } of engaged) {
    const range = query.offsets.find(
      (r) => c.publishedAt.getTime() >= r.from.getTime() && c.publishedAt.getTime() < r.to.getTime(),
    );
    const { weekday, hour } = localWeekdayHour(c.publishedAt, range?.offsetMinutes ?? 0);
    const cell = cells.get(weekday * 24 + hour) ?? { weekday, hour, posts: 0, engagement: 0 };
    cells.set(weekday * 24 + hour, {
      ...cell,
      posts: cell.posts + 1,
      engagement: cell.engagement + engagement,
    });
    const category = post(c.postId)?.category ?? null;
    const sums = categories.get(category) ?? { posts: 0, engagement: 0 };
    categories.set(category, { posts: sums.posts + 1, engagement: sums.engagement + engagement });
  }
  const topPosts: RankedPost[] = [];
  const byPlatform = new Map<Platform, { c: AggregatedCollection; engagement: number }[]>();
  for (const entry of engaged)
    byPlatform.set(entry.c.platform, [...(byPlatform.get(entry.c.platform) ?? []), entry]);
  for (const [platform, entries] of byPlatform) {
    entries.sort((a, b) => b.engagement - a.engagement || a.c.postId.localeCompare(b.c.postId));
    for (const { c, engagement } of entries.slice(0, query.topPosts)) {
      topPosts.push({
        platform,
        postId: c.postId,
        permalink: post(c.postId)?.permalink ?? null,
        engagement,
      });
    }
  }
  const result: AnalyticsAggregates = {
    periods,
    collection,
    cells: [...cells.values()].sort((a, b) => a.weekday * 24 + a.hour - (b.weekday * 24 + b.hour)),
    categories: [...categories].map(([category, sums]) => ({ category, ...sums })),
    topPosts,
  };
  return result;
}

/** AnalyticsStore.aggregateByDay over the memory store's collections. */
export function daySumsOf(
  collections: Iterable<AggregatedCollection>,
  query: AnalyticsSeriesQuery,
): DaySums[] {
  const accounts = query.accountIds === null ? null : new Set(query.accountIds);
  const sums = new Map<string, DaySums>();
  for (const c of collections) {
    const at = c.publishedAt.getTime();
    if (c.ownerId !== query.ownerId || (accounts !== null && !accounts.has(c.accountId))) continue;
    if (at < query.from.getTime() || at >= query.to.getTime()) continue;
    const range = query.offsets.find((r) => at >= r.from.getTime() && at < r.to.getTime());
    const day = Math.floor((at + (range?.offsetMinutes ?? 0) * 60_000) / 86_400_000);
    const engagement = engagementOf(c.platform, c.latest);
    const key = `${day}:${c.platform}`;
    const s = sums.get(key) ?? {
      day,
      platform: c.platform,
      posts: 0,
      views: 0,
      postsWithViews: 0,
      engagement: 0,
      postsWithEngagement: 0,
    };
    sums.set(key, plusPost(s, c.latest, engagement));
  }
  return [...sums.values()].sort((a, b) => a.day - b.day || a.platform.localeCompare(b.platform));
}
