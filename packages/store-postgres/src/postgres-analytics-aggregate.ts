import {
  type AnalyticsAggregates,
  type AnalyticsQuery,
  type AnalyticsSeriesQuery,
  type CategorySums,
  type CollectionCounts,
  type DaySums,
  METRIC_NAMES,
  type MetricName,
  PERIOD_NAMES,
  type PeriodName,
  type Platform,
  type PlatformSums,
  type RankedPost,
  type TimeCell,
} from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { limitParam, numberFromBigint } from './pg-values.js';

// Every statement reads the collections of owner $1 and accounts $2 (one text[] parameter, NULL
// for all of them), through the index post_collections_owner. pg sends unnamed statements, so
// each is planned with its parameters and the NULL test folds away.
const MINE = 'c.owner_id = $1 AND ($2::text[] IS NULL OR c.account_id = ANY ($2::text[]))';

// The window's collections with an engagement figure ($3, $4: the window), for cells, categories
// and top posts.
const ENGAGED_IN_WINDOW = `${MINE} AND c.published_at >= $3 AND c.published_at < $4 AND c.engagement IS NOT NULL`;

/** Within the period whose bounds are parameters `$first` and `$first + 1`. */
const within = (first: number) => `c.published_at >= $${first} AND c.published_at < $${first + 1}`;

// Period i's bounds are parameters $(3 + 2i) and $(4 + 2i); the two after them bound every
// period at once, so the scan reads only rows some period needs.
const PERIOD_BOUNDS = 3;
const WINDOW_INDEX = PERIOD_NAMES.indexOf('window');
const WINDOW = within(PERIOD_BOUNDS + 2 * WINDOW_INDEX);

/**
 * Per platform: each period's sums (columns `p<i>_…`, i the index in PERIOD_NAMES), and the
 * window's collection counts: statuses and, per metric, the posts that have it (`m_<metric>`).
 * One scan for all of them, each aggregate filtered to its period.
 */
const PLATFORM_SUMS_SQL = (() => {
  const spanFrom = PERIOD_BOUNDS + 2 * PERIOD_NAMES.length;
  const periods = PERIOD_NAMES.map((_, i) => {
    const filter = `FILTER (WHERE ${within(PERIOD_BOUNDS + 2 * i)})`;
    return `count(*) ${filter} AS p${i}_posts,
  coalesce(sum(c.views) ${filter}, 0) AS p${i}_views,
  count(c.views) ${filter} AS p${i}_with_views,
  coalesce(sum(c.engagement) ${filter}, 0) AS p${i}_engagement,
  count(c.engagement) ${filter} AS p${i}_with_engagement`;
  });
  const metrics = METRIC_NAMES.map((metric) => `count(c.${metric}) FILTER (WHERE ${WINDOW}) AS m_${metric}`);
  return `SELECT c.platform,
  ${periods.join(',\n  ')},
  count(*) FILTER (WHERE ${WINDOW} AND c.status = 'collected') AS collected,
  count(*) FILTER (WHERE ${WINDOW} AND c.status = 'not_available') AS not_available,
  count(*) FILTER (WHERE ${WINDOW} AND c.status = 'scope_missing') AS scope_missing,
  ${metrics.join(',\n  ')}
FROM post_collections AS c
WHERE ${MINE} AND ${within(spanFrom)}
GROUP BY c.platform
ORDER BY c.platform`;
})();

/** A row of PLATFORM_SUMS_SQL: every count and sum comes as a bigint or numeric string. */
type PlatformSumsRow = { platform: string } & Record<string, string>;

/**
 * The window's engagement by local weekday (0 Monday) and hour. The offset of each post's time is
 * `offsetSql`'s CASE over the query's offset ranges, applied to the UTC wall time.
 */
const cellsSql = (
  offsetSql: string,
) => `SELECT weekday, hour, count(*) AS posts, sum(engagement) AS engagement
FROM (
  SELECT c.engagement,
    extract(isodow FROM local)::integer - 1 AS weekday,
    extract(hour FROM local)::integer AS hour
  FROM post_collections AS c,
    LATERAL (SELECT (c.published_at AT TIME ZONE 'UTC') + make_interval(mins => ${offsetSql}) AS local) AS shifted
  WHERE ${ENGAGED_IN_WINDOW}
) AS cell
GROUP BY weekday, hour
ORDER BY weekday, hour`;

type CellRow = { weekday: number; hour: number; posts: string; engagement: string };

// A post's category lives on its post row (a collection without one counts as uncategorised).
const CATEGORIES_SQL = `SELECT p.category, count(*) AS posts, sum(c.engagement) AS engagement
FROM post_collections AS c
LEFT JOIN posts AS p ON p.id = c.post_id
WHERE ${ENGAGED_IN_WINDOW}
GROUP BY p.category
ORDER BY p.category NULLS LAST`;

type CategoryRow = { category: string | null; posts: string; engagement: string };

// Ranked before joining posts, so only the top rows' permalinks are read. $5: posts per platform.
const TOP_POSTS_SQL = `SELECT ranked.platform, ranked.post_id, p.permalink, ranked.engagement
FROM (
  SELECT c.platform, c.post_id, c.engagement,
    row_number() OVER (PARTITION BY c.platform ORDER BY c.engagement DESC, c.post_id) AS rank
  FROM post_collections AS c
  WHERE ${ENGAGED_IN_WINDOW}
) AS ranked
LEFT JOIN posts AS p ON p.id = ranked.post_id
WHERE ranked.rank <= $5
ORDER BY ranked.platform, ranked.rank`;

type TopPostRow = { platform: string; post_id: string; permalink: string | null; engagement: string };

/**
 * The offset in minutes at `c.published_at`, as SQL: the first of the query's ranges that holds
 * it (0 outside them all), its bounds and offset bound from parameter `$first` on.
 */
function offsetCase(offsets: AnalyticsQuery['offsets'], first: number): { sql: string; params: unknown[] } {
  if (offsets.length === 0) return { sql: '0', params: [] };
  const params: unknown[] = [];
  const branches = offsets.map((range, i) => {
    params.push(range.from, range.to, range.offsetMinutes);
    const at = first + 3 * i;
    return `WHEN c.published_at >= $${at} AND c.published_at < $${at + 1} THEN $${at + 2}::integer`;
  });
  return { sql: `CASE ${branches.join(' ')} ELSE 0 END`, params };
}

/**
 * A series statement (`daySumsSql`, `cellsSql`) and its parameters: the owner, the accounts,
 * [from, to) as $1…$4 and the offsets' bounds from $5 on.
 */
function seriesStatement(
  sql: (offsetSql: string) => string,
  query: AnalyticsSeriesQuery,
): [string, unknown[]] {
  const offset = offsetCase(query.offsets, 5);
  const accountIds = query.accountIds === null ? null : [...query.accountIds];
  return [sql(offset.sql), [query.ownerId, accountIds, query.from, query.to, ...offset.params]];
}

/**
 * Sums per local day of publishing and platform over [$3, $4), in one grouped scan. The day is
 * the UTC wall time shifted by `offsetSql` (as the cells are), counted in days since 1970-01-01.
 */
const daySumsSql = (offsetSql: string) => `SELECT local_day AS day, c.platform,
  count(*) AS posts, coalesce(sum(c.views), 0) AS views, count(c.views) AS with_views,
  coalesce(sum(c.engagement), 0) AS engagement, count(c.engagement) AS with_engagement
FROM post_collections AS c,
  LATERAL (SELECT ((c.published_at AT TIME ZONE 'UTC') + make_interval(mins => ${offsetSql}))::date
    - DATE '1970-01-01' AS local_day) AS shifted
WHERE ${MINE} AND c.published_at >= $3 AND c.published_at < $4
GROUP BY local_day, c.platform
ORDER BY local_day, c.platform`;

type DaySumsRow = {
  day: number;
  platform: string;
  posts: string;
  views: string;
  with_views: string;
  engagement: string;
  with_engagement: string;
};

/** The per-day sums of a series, in one statement (one snapshot, so no transaction is needed). */
export async function aggregateAnalyticsByDay(pool: Pool, query: AnalyticsSeriesQuery): Promise<DaySums[]> {
  const rows = await pool.query<DaySumsRow>(...seriesStatement(daySumsSql, query));
  return rows.rows.map((row) => ({
    day: row.day,
    platform: row.platform as Platform,
    posts: numberFromBigint(row.posts),
    views: numberFromBigint(row.views),
    postsWithViews: numberFromBigint(row.with_views),
    engagement: numberFromBigint(row.engagement),
    postsWithEngagement: numberFromBigint(row.with_engagement),
  }));
}

/** The window's cells alone (`AnalyticsStore.aggregateTimeCells`): the statement `aggregate` runs for them. */
export async function aggregateAnalyticsTimeCells(
  pool: Pool,
  query: AnalyticsSeriesQuery,
): Promise<TimeCell[]> {
  const rows = await pool.query<CellRow>(...seriesStatement(cellsSql, query));
  return rows.rows.map(rowToCell);
}

function rowToCell(row: CellRow): TimeCell {
  return {
    weekday: row.weekday,
    hour: row.hour,
    posts: numberFromBigint(row.posts),
    engagement: numberFromBigint(row.engagement),
  };
}

function rowToPeriodSums(row: PlatformSumsRow, i: number): PlatformSums {
  const read = (column: string) => numberFromBigint(row[`p${i}_${column}`] ?? '0');
  return {
    posts: read('posts'),
    views: read('views'),
    postsWithViews: read('with_views'),
    engagement: read('engagement'),
    postsWithEngagement: read('with_engagement'),
  };
}

function rowToCollectionCounts(row: PlatformSumsRow): CollectionCounts {
  const withMetric: Partial<Record<MetricName, number>> = {};
  for (const metric of METRIC_NAMES) {
    const count = numberFromBigint(row[`m_${metric}`] ?? '0');
    // Absent rather than zero, as the memory store answers.
    if (count > 0) withMetric[metric] = count;
  }
  return {
    posts: rowToPeriodSums(row, WINDOW_INDEX).posts,
    collected: numberFromBigint(row.collected ?? '0'),
    notAvailable: numberFromBigint(row.not_available ?? '0'),
    scopeMissing: numberFromBigint(row.scope_missing ?? '0'),
    withMetric,
  };
}

/**
 * The aggregates of an analytics answer, summed by the database in four statements on one
 * snapshot (the caller's REPEATABLE READ transaction), so they agree with each other.
 */
export async function aggregateAnalytics(
  client: PoolClient,
  query: AnalyticsQuery,
): Promise<AnalyticsAggregates> {
  const mine = [query.ownerId, query.accountIds === null ? null : [...query.accountIds]];
  const bounds = PERIOD_NAMES.flatMap((name) => [query.periods[name].from, query.periods[name].to]);
  const from = Math.min(...PERIOD_NAMES.map((name) => query.periods[name].from.getTime()));
  const to = Math.max(...PERIOD_NAMES.map((name) => query.periods[name].to.getTime()));
  const window = [query.periods.window.from, query.periods.window.to];
  const offset = offsetCase(query.offsets, 5);

  const sums = await client.query<PlatformSumsRow>(PLATFORM_SUMS_SQL, [
    ...mine,
    ...bounds,
    new Date(from),
    new Date(to),
  ]);
  const cells = await client.query<CellRow>(cellsSql(offset.sql), [...mine, ...window, ...offset.params]);
  const categories = await client.query<CategoryRow>(CATEGORIES_SQL, [...mine, ...window]);
  const top = await client.query<TopPostRow>(TOP_POSTS_SQL, [...mine, ...window, limitParam(query.topPosts)]);

  const periods = {} as Record<PeriodName, Partial<Record<Platform, PlatformSums>>>;
  for (const [i, name] of PERIOD_NAMES.entries()) {
    const byPlatform: Partial<Record<Platform, PlatformSums>> = {};
    for (const row of sums.rows) {
      const period = rowToPeriodSums(row, i);
      // A platform without posts in the period is absent from it.
      if (period.posts > 0) byPlatform[row.platform as Platform] = period;
    }
    periods[name] = byPlatform;
  }
  const collection: Partial<Record<Platform, CollectionCounts>> = {};
  for (const row of sums.rows) {
    const counts = rowToCollectionCounts(row);
    if (counts.posts > 0) collection[row.platform as Platform] = counts;
  }
  return {
    periods,
    collection,
    cells: cells.rows.map(rowToCell),
    categories: categories.rows.map(
      (row): CategorySums => ({
        category: row.category,
        posts: numberFromBigint(row.posts),
        engagement: numberFromBigint(row.engagement),
      }),
    ),
    topPosts: top.rows.map(
      (row): RankedPost => ({
        platform: row.platform as Platform,
        postId: row.post_id,
        permalink: row.permalink,
        engagement: numberFromBigint(row.engagement),
      }),
    ),
  };
}
