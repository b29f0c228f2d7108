// The SQLite analytics queries: it stays whole because most of its lines are measured SQL and the
// comments that justify each choice, which read best beside one another.

import {
  type AnalyticsAggregates,
  type AnalyticsQuery,
  type AnalyticsSeriesQuery,
  type AnalyticsStore,
  type CategorySums,
  type CollectionCounts,
  type DaySums,
  METRIC_NAMES,
  type MetricName,
  type MetricSnapshot,
  PERIOD_NAMES,
  type PeriodName,
  type Platform,
  type PlatformSums,
  type PostMetrics,
  type RankedPost,
  type TimeCell,
} from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, jsonFromSql, jsonToSql } from './sql-values.js';

/**
 * The rows an aggregate reads: the owner's posts published in [@from, @to) of the asked accounts
 * (a JSON array, so the statement is prepared once whatever their number; NULL: every account).
 * Served by `post_collections_owner`, whose entries hold the account, so a post of another
 * account is skipped without reading its row.
 */
const ASKED_POSTS = `c.owner_id = @owner_id AND c.published_at >= @from AND c.published_at < @to
  AND (@account_ids IS NULL OR c.account_id IN (SELECT value FROM json_each(@account_ids)))`;

/** Every period's two bounds, at most: the edges of the segments PLATFORM_SUMS_SQL groups by. */
const BOUNDS = PERIOD_NAMES.length * 2;

/**
 * The segment between consecutive bounds @b0 < @b1 < … (padded with repeats of the last) a row
 * falls in. Oldest first, since most rows are old: the CASE stops at the first true WHEN.
 */
const SEGMENT = `CASE ${Array.from(
  { length: BOUNDS - 1 },
  (_, i) => `WHEN c.published_at < @b${i + 1} THEN ${i}`,
).join(' ')} END`;

/** The column alias of a metric's count. */
const withMetric = (metric: MetricName) => `with_${metric}`;

/**
 * Sums per platform and time segment, in one pass over the posts of every period. The periods
 * overlap (the week is in the month, the window in the year), so the database sums the disjoint
 * segments their bounds cut and the store adds up each period's few segments. Measured on one
 * owner's 45,000 posts over two years: 38–53 ms, against 66–80 ms for one FILTERed sum per period
 * and figure (each FILTER is evaluated on every row), and about 56 ms for seven per-period queries
 * plus one for the window's counts. Exported for the query-plan test.
 */
export const PLATFORM_SUMS_SQL = `SELECT c.platform AS platform, ${SEGMENT} AS segment,
  COUNT(*) AS posts, SUM(COALESCE(c.views, 0)) AS views,
  SUM(COALESCE(c.engagement, 0)) AS engagement, COUNT(c.engagement) AS with_engagement,
  SUM(c.status = 'collected') AS collected, SUM(c.status = 'not_available') AS not_available,
  SUM(c.status = 'scope_missing') AS scope_missing,
  ${METRIC_NAMES.map((m) => `COUNT(c.${m}) AS ${withMetric(m)}`).join(', ')}
FROM post_collections AS c
WHERE ${ASKED_POSTS}
GROUP BY c.platform, segment`;

/**
 * The window's engagement by local weekday (Monday 0) and hour. Each post is shifted by the
 * offset of the range of @offsets (a JSON array of [from, to, offset ms]) it was published in, 0
 * outside them, as the memory store does. The ranges are disjoint (`offsetRanges` cuts them at
 * transitions), so the join finds one at most; it cost 17 ms on 22,000 posts against 26 ms for a
 * correlated subquery. 1970-01-01 was a Thursday, hence the + 3; times are after 1970, so integer
 * division and remainder never see a negative value. Exported for the query-plan test.
 */
export const TIME_CELLS_SQL = `WITH ranges AS MATERIALIZED (
  SELECT value ->> 0 AS range_from, value ->> 1 AS range_to, value ->> 2 AS offset_ms
  FROM json_each(@offsets)
), local AS (
  SELECT c.engagement AS engagement, c.published_at + COALESCE(r.offset_ms, 0) AS local_ms
  FROM post_collections AS c
  LEFT JOIN ranges AS r ON c.published_at >= r.range_from AND c.published_at < r.range_to
  WHERE ${ASKED_POSTS} AND c.engagement IS NOT NULL
)
SELECT (local_ms / 86400000 + 3) % 7 AS weekday, (local_ms % 86400000) / 3600000 AS hour,
  COUNT(*) AS posts, SUM(engagement) AS engagement
FROM local
GROUP BY weekday, hour
ORDER BY weekday, hour`;

/**
 * The window's engagement by the post's content category (a post that is gone counts as none).
 * Exported for the query-plan test.
 */
export const CATEGORIES_SQL = `SELECT p.category AS category, COUNT(*) AS posts, SUM(c.engagement) AS engagement
FROM post_collections AS c
LEFT JOIN posts AS p ON p.id = c.post_id
WHERE ${ASKED_POSTS} AND c.engagement IS NOT NULL
GROUP BY p.category
ORDER BY p.category`;

/**
 * The window's best @top posts of each platform by engagement (post id breaks ties, as in the
 * memory store), best first; only those rows are joined to `posts` for their permalink. Exported
 * for the query-plan test.
 */
export const TOP_POSTS_SQL = `SELECT ranked.platform AS platform, ranked.post_id AS post_id, p.permalink AS permalink,
  ranked.engagement AS engagement
FROM (
  SELECT c.platform, c.post_id, c.engagement,
    ROW_NUMBER() OVER (PARTITION BY c.platform ORDER BY c.engagement DESC, c.post_id) AS place
  FROM post_collections AS c
  WHERE ${ASKED_POSTS} AND c.engagement IS NOT NULL
) AS ranked
LEFT JOIN posts AS p ON p.id = ranked.post_id
WHERE ranked.place <= @top
ORDER BY ranked.platform, ranked.place`;

/**
 * Sums per local day of publishing and platform over [@from, @to), in one grouped pass. The local
 * day shifts each post by its offset range, as TIME_CELLS_SQL does; times are after 1970, so the
 * integer division is a floor. Exported for the query-plan test.
 */
export const DAY_SUMS_SQL = `WITH ranges AS MATERIALIZED (
  SELECT value ->> 0 AS range_from, value ->> 1 AS range_to, value ->> 2 AS offset_ms
  FROM json_each(@offsets)
)
SELECT (c.published_at + COALESCE(r.offset_ms, 0)) / 86400000 AS day, c.platform AS platform,
  COUNT(*) AS posts, SUM(COALESCE(c.views, 0)) AS views, COUNT(c.views) AS postsWithViews,
  SUM(COALESCE(c.engagement, 0)) AS engagement, COUNT(c.engagement) AS postsWithEngagement
FROM post_collections AS c
LEFT JOIN ranges AS r ON c.published_at >= r.range_from AND c.published_at < r.range_to
WHERE ${ASKED_POSTS}
GROUP BY day, c.platform
ORDER BY day, c.platform`;

/** The parameters every aggregate statement filters by. */
export type AskedPosts = { owner_id: string; account_ids: string | null; from: number; to: number };

/** The parameters of PLATFORM_SUMS_SQL: the asked posts over every period, and the bounds. */
export type SegmentParams = AskedPosts & Record<`b${number}`, number>;

type SegmentRow = {
  platform: string;
  segment: number;
  posts: number;
  views: number;
  engagement: number;
  with_engagement: number;
  collected: number;
  not_available: number;
  scope_missing: number;
} & Record<`with_${MetricName}`, number>;

type SnapshotRow = { post_id: string; slot: number; collected_at: number; metrics: string };

type RankedRow = { platform: string; post_id: string; permalink: string | null; engagement: number };

/** The sorted distinct bounds of the periods, padded to BOUNDS with the last. */
function boundsOf(query: AnalyticsQuery): number[] {
  const ranges = PERIOD_NAMES.map((name) => query.periods[name]);
  const bounds = [...new Set(ranges.flatMap((r) => [r.from.getTime(), r.to.getTime()]))].sort(
    (a, b) => a - b,
  );
  const last = bounds.at(-1) ?? 0;
  while (bounds.length < BOUNDS) bounds.push(last);
  return bounds;
}

/** PLATFORM_SUMS_SQL's parameters for a query. */
export function segmentParams(query: AnalyticsQuery, asked: AskedPosts): SegmentParams {
  const bounds = boundsOf(query);
  const params: SegmentParams = { ...asked, from: bounds[0] ?? 0, to: bounds.at(-1) ?? 0 };
  for (const [index, bound] of bounds.entries()) params[`b${index}`] = bound;
  return params;
}

/** The segment rows of one period: a segment [b_s, b_s+1) is in [from, to) or outside it. */
function rowsWithin(rows: readonly SegmentRow[], bounds: readonly number[], range: { from: Date; to: Date }) {
  return rows.filter(
    (row) =>
      (bounds[row.segment] ?? 0) >= range.from.getTime() &&
      (bounds[row.segment + 1] ?? 0) <= range.to.getTime(),
  );
}

/** Sums per platform of segment rows; a platform without posts among them is absent. */
function sumsByPlatform(rows: readonly SegmentRow[]): Map<Platform, SegmentRow> {
  const sums = new Map<Platform, SegmentRow>();
  for (const row of rows) {
    const held = sums.get(row.platform as Platform);
    if (held === undefined) {
      sums.set(row.platform as Platform, { ...row });
      continue;
    }
    for (const key of Object.keys(row) as (keyof SegmentRow)[]) {
      if (key !== 'platform' && key !== 'segment') held[key] += row[key];
    }
  }
  return sums;
}

function platformSums(row: SegmentRow): PlatformSums {
  return {
    posts: row.posts,
    views: row.views,
    postsWithViews: row.with_views,
    engagement: row.engagement,
    postsWithEngagement: row.with_engagement,
  };
}

function collectionCounts(row: SegmentRow): CollectionCounts {
  const counts: Partial<Record<MetricName, number>> = {};
  for (const metric of METRIC_NAMES) {
    // As the memory store: a metric no post has is absent, not 0.
    const count = row[`with_${metric}`];
    if (count > 0) counts[metric] = count;
  }
  return {
    posts: row.posts,
    collected: row.collected,
    notAvailable: row.not_available,
    scopeMissing: row.scope_missing,
    withMetric: counts,
  };
}

/** Offset ranges as the statements read them: [from ms, to ms, offset ms]. */
function offsetsParam(ranges: AnalyticsQuery['offsets']): number[][] {
  return ranges.map((r) => [r.from.getTime(), r.to.getTime(), r.offsetMinutes * 60_000]);
}

type SeriesParams = AskedPosts & { offsets: string };

/** The parameters of a series statement (DAY_SUMS_SQL, TIME_CELLS_SQL): the asked posts and the offsets. */
function seriesParams(query: AnalyticsSeriesQuery): SeriesParams {
  return {
    owner_id: query.ownerId,
    account_ids: query.accountIds === null ? null : jsonToSql(query.accountIds),
    from: query.from.getTime(),
    to: query.to.getTime(),
    offsets: jsonToSql(offsetsParam(query.offsets)),
  };
}

function rowToSnapshot(row: SnapshotRow): MetricSnapshot {
  return {
    postId: row.post_id,
    slot: row.slot,
    collectedAt: dateFromSql(row.collected_at),
    metrics: jsonFromSql<PostMetrics>(row.metrics),
  };
}

/** The read queries of the SQLite AnalyticsStore. Statements are prepared once, here. */
export function createSqliteAnalyticsQueries(
  db: Database.Database,
): Pick<AnalyticsStore, 'aggregate' | 'aggregateByDay' | 'aggregateTimeCells' | 'listSnapshots'> {
  const selectSnapshots = db.prepare<[string], SnapshotRow>(
    'SELECT * FROM metric_snapshots WHERE post_id = ? ORDER BY slot',
  );
  const segmentSums = db.prepare<[SegmentParams], SegmentRow>(PLATFORM_SUMS_SQL);
  const timeCells = db.prepare<[SeriesParams], TimeCell>(TIME_CELLS_SQL);
  const categorySums = db.prepare<[AskedPosts], CategorySums>(CATEGORIES_SQL);
  const topPosts = db.prepare<[AskedPosts & { top: number }], RankedRow>(TOP_POSTS_SQL);
  const daySums = db.prepare<[SeriesParams], DaySums>(DAY_SUMS_SQL);

  // Deferred: the four reads see one snapshot of the database.
  const aggregate = db.transaction((query: AnalyticsQuery): AnalyticsAggregates => {
    const window = query.periods.window;
    const asked: AskedPosts = {
      owner_id: query.ownerId,
      account_ids: query.accountIds === null ? null : jsonToSql(query.accountIds),
      from: window.from.getTime(),
      to: window.to.getTime(),
    };
    const bounds = boundsOf(query);
    const segments = segmentSums.all(segmentParams(query, asked));
    const periods = {} as Record<PeriodName, Partial<Record<Platform, PlatformSums>>>;
    for (const name of PERIOD_NAMES) {
      const sums = sumsByPlatform(rowsWithin(segments, bounds, query.periods[name]));
      periods[name] = Object.fromEntries([...sums].map(([platform, row]) => [platform, platformSums(row)]));
    }
    const inWindow = sumsByPlatform(rowsWithin(segments, bounds, window));
    const offsets = offsetsParam(query.offsets);
    const ranked: RankedPost[] = topPosts
      .all({ ...asked, top: Math.max(0, Math.floor(query.topPosts)) })
      .map((row) => ({
        platform: row.platform as Platform,
        postId: row.post_id,
        permalink: row.permalink,
        engagement: row.engagement,
      }));
    return {
      periods,
      collection: Object.fromEntries(
        [...inWindow].map(([platform, row]) => [platform, collectionCounts(row)]),
      ),
      cells: timeCells.all({ ...asked, offsets: jsonToSql(offsets) }),
      categories: categorySums.all(asked),
      topPosts: ranked,
    };
  });

  return {
    async aggregate(query) {
      return aggregate(query);
    },
    async aggregateByDay(query) {
      return daySums.all(seriesParams(query));
    },
    async aggregateTimeCells(query) {
      return timeCells.all(seriesParams(query));
    },
    async listSnapshots(postId) {
      return selectSnapshots.all(postId).map(rowToSnapshot);
    },
  };
}
