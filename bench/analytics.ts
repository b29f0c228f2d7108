// pnpm bench:analytics: what an analytics answer costs on a large account. One owner with five
// connected accounts (one per platform) has 50,000 published posts, one every ~21 minutes over
// the last two years, each with its latest figures and 30 metric snapshots (1,500,000 in all).
// The same rows go into a SQLite file (in a temp dir) and a scratch PostgreSQL database, both
// created by the real migrations. On each store, `getAnalytics` (the core use case over the real
// store: the path of `svc_get_analytics` and `GET /api/v1/analytics`) is timed for a 30-day and a
// 365-day window in Europe/Paris, alternating, after a warm-up; the medians and their ratio
// 365/30 are reported per store. Absolute times depend on the machine; compare the ratios, and
// the two stores only within one run.
//
// Every answer sums seven periods, and the previous year reaches back 730 days whatever the
// window, so the per-platform sums read every post in both cases; only the time cells, the
// categories and the top posts grow with the window. A ratio well above 1 says those dominate.
//
// The rows are generated in SQL from one formula per column (a recursive CTE on SQLite,
// generate_series on PostgreSQL), in one transaction per store, straight into the tables; the
// counts and the 365-day totals are then checked against the same formulas computed here, and
// the two stores must give the same answer. Snapshots are there for the tables' size: answers
// read `post_collections` (and `posts`, for categories and permalinks), never the snapshots.
// PostgreSQL gets a VACUUM ANALYZE after seeding, as autovacuum would do; SQLite has no ANALYZE,
// as in production.
//
// Scale down with BENCH_ANALYTICS_POSTS (default 50,000), BENCH_ANALYTICS_SNAPSHOTS_PER_POST
// (default 30) and BENCH_ANALYTICS_ROUNDS (timed runs per window, default 21); pick stores with
// BENCH_ANALYTICS_STORES (default sqlite,postgres). Needs PostgreSQL: SVC_TEST_POSTGRES_URL
// (default postgres://postgres@127.0.0.1:5432/postgres); the run's database is dropped afterwards.

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Actor,
  type AnalyticsAnswer,
  COLLECTION_OFFSETS_MS,
  ENGAGEMENT_METRICS,
  getAnalytics,
  METRIC_NAMES,
  type MetricName,
  PLATFORM_METRICS,
  PLATFORMS,
  type Store,
} from '@svc/core';
import { anAccount, aUser } from '@svc/core/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import { openPostgresStore } from '../packages/store-postgres/src/open-postgres-store.js';
import { createScratchDatabase } from '../packages/store-postgres/src/testing/scratch-database.js';
import { openSqliteDatabase } from '../packages/store-sqlite/src/open-sqlite-database.js';

const POSTS = Number(process.env.BENCH_ANALYTICS_POSTS ?? 50_000);
const SNAPSHOTS_PER_POST = Number(process.env.BENCH_ANALYTICS_SNAPSHOTS_PER_POST ?? 30);
const ROUNDS = Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 21);
const WARM_UP = 3;
const STORES = (process.env.BENCH_ANALYTICS_STORES ?? 'sqlite,postgres').split(',');
const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIMEZONE = 'Europe/Paris';
const WINDOWS = [30, 365] as const;

const DAY_MS = 86_400_000;
/** The seeded posts span two years back from NOW, newest first: post i is (i + 1) * STEP_MS old. */
const NOW_MS = Math.floor(Date.now() / 1000) * 1000;
const STEP_MS = Math.floor((730 * DAY_MS) / POSTS);

if (!(POSTS >= 1 && SNAPSHOTS_PER_POST >= 1 && SNAPSHOTS_PER_POST <= COLLECTION_OFFSETS_MS.length)) {
  throw new Error(
    `BENCH_ANALYTICS_POSTS must be >= 1 and BENCH_ANALYTICS_SNAPSHOTS_PER_POST from 1 to ${COLLECTION_OFFSETS_MS.length}`,
  );
}

// The latest figure of post i for each metric, `add + (i * mul) % mod`: written once, turned into
// SQL for the seed and computed here for the expected totals.
const FIGURES: Readonly<Record<MetricName, readonly [add: number, mul: number, mod: number]>> = {
  views: [200, 7919, 20_000],
  reach: [150, 6007, 15_000],
  likes: [5, 131, 900],
  comments: [0, 17, 60],
  shares: [0, 29, 45],
  saves: [0, 23, 70],
  replies: [0, 19, 50],
  reposts: [0, 13, 30],
  quotes: [0, 7, 10],
  reactions: [5, 137, 800],
};
const CATEGORIES = ["'tips'", "'news'", "'promo'", "'story'", 'NULL'];

const figureOf = (metric: MetricName, i: number) => {
  const [add, mul, mod] = FIGURES[metric];
  return add + ((i * mul) % mod);
};
const figureSql = (metric: MetricName) => {
  const [add, mul, mod] = FIGURES[metric];
  return `(${add} + (i * ${mul}) % ${mod})`;
};

/** What differs between the two dialects' seed statements. */
type Dialect = {
  /** A FROM source with one column `j`, 0 to count - 1, in order. */
  series(count: number): string;
  /** A time column's value from milliseconds since the epoch. */
  time(ms: string): string;
  /** `prefix_` and the number on 26 digits, as ids look. */
  id(prefix: string, n: string): string;
  hex(n: string): string;
  /** A one-element list column (platforms, profile_ids). */
  list(value: string): string;
  emptyJsonList: string;
  jsonObject(entries: readonly (readonly [string, string])[]): string;
};

const sqlite: Dialect = {
  series: (count) =>
    `(WITH RECURSIVE n(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM n WHERE j < ${count - 1}) SELECT j FROM n) AS g`,
  time: (ms) => `(${ms})`,
  id: (prefix, n) => `printf('${prefix}_%026d', ${n})`,
  hex: (n) => `printf('%016x', ${n})`,
  list: (value) => `'["${value}"]'`,
  emptyJsonList: `'[]'`,
  jsonObject: (entries) => `json_object(${entries.map(([k, v]) => `'${k}', ${v}`).join(', ')})`,
};

const postgres: Dialect = {
  series: (count) => `generate_series(0::bigint, ${count - 1}) AS g(j)`,
  time: (ms) => `(timestamptz 'epoch' + (${ms}) * interval '1 millisecond')`,
  id: (prefix, n) => `'${prefix}_' || lpad((${n})::text, 26, '0')`,
  hex: (n) => `lpad(to_hex(${n}), 16, '0')`,
  list: (value) => `ARRAY['${value}']`,
  emptyJsonList: `'[]'::jsonb`,
  jsonObject: (entries) => `jsonb_build_object(${entries.map(([k, v]) => `'${k}', ${v}`).join(', ')})`,
};

/** `CASE expr WHEN 0 THEN values[0] … END`. */
const pick = (expr: string, values: readonly string[]) =>
  `CASE ${expr} ${values.map((v, k) => `WHEN ${k} THEN ${v}`).join(' ')} END`;

/** Post i goes to account i % 5, so to platform PLATFORMS[i % 5]. */
const BY_PLATFORM = `i % ${PLATFORMS.length}`;

/** The seed: posts, their collections, their snapshots, in terms of the row number `i`. */
function seedStatements(d: Dialect, ownerId: string, accountIds: readonly string[]): string[] {
  const published = `${NOW_MS} - (i + 1) * ${STEP_MS}`;
  const platform = pick(
    BY_PLATFORM,
    PLATFORMS.map((p) => `'${p}'`),
  );
  const account = pick(
    BY_PLATFORM,
    accountIds.map((a) => `'${a}'`),
  );
  const metric = (name: MetricName, scale = '') => {
    const on = PLATFORMS.flatMap((p, k) => (PLATFORM_METRICS[p].includes(name) ? [k] : []));
    return on.length === 0
      ? 'NULL'
      : `CASE WHEN ${BY_PLATFORM} IN (${on.join(', ')}) THEN ${figureSql(name)}${scale} END`;
  };
  const engagement = pick(
    BY_PLATFORM,
    PLATFORMS.map((p) => ENGAGEMENT_METRICS[p].map(figureSql).join(' + ')),
  );
  const snapshotMetrics = pick(
    BY_PLATFORM,
    PLATFORMS.map((p) =>
      d.jsonObject(
        PLATFORM_METRICS[p].map((m) => [m, `${figureSql(m)} * (s + 1) / ${SNAPSHOTS_PER_POST}`] as const),
      ),
    ),
  );
  const platformList = pick(
    BY_PLATFORM,
    PLATFORMS.map((p) => d.list(p)),
  );
  const accountList = pick(
    BY_PLATFORM,
    accountIds.map((a) => d.list(a)),
  );
  // Spread over the platforms too: i / 5 is the post's rank within its platform.
  const category = pick(`(i / ${PLATFORMS.length}) % ${CATEGORIES.length}`, CATEGORIES);
  const offset = pick('s', COLLECTION_OFFSETS_MS.slice(0, SNAPSHOTS_PER_POST).map(String));
  const year = 365 * DAY_MS;
  return [
    `INSERT INTO posts (id, owner_id, status, caption, title, name, platforms, profile_ids, media,
  scheduled_time, published_at, failed_reason, external_id, permalink, platform_meta, category,
  created_at, updated_at, attempts, due_at, lease_owner, platform_post_id, publish_progress,
  deleted_at, content_hash, version)
SELECT ${d.id('post', 'i')}, '${ownerId}', 'posted', 'bench post ' || i, NULL, NULL,
  ${platformList}, ${accountList}, ${d.emptyJsonList},
  ${d.time(`${published} - 60000`)}, ${d.time(published)}, NULL, NULL,
  'https://' || ${platform} || '.example/p/' || i, NULL, ${category},
  ${d.time(`${published} - ${DAY_MS}`)}, ${d.time(published)}, 1, NULL, NULL, 'pp_' || i, NULL,
  NULL, ${d.hex('i * 2654435761')}, 3
FROM (SELECT j AS i FROM ${d.series(POSTS)}) AS r`,
    `INSERT INTO post_collections (post_id, owner_id, account_id, platform, platform_post_id,
  published_at, next_at, done_slot, status, lease_owner, lease_until, ${METRIC_NAMES.join(', ')},
  engagement, updated_at)
SELECT ${d.id('post', 'i')}, '${ownerId}', ${account}, ${platform}, 'pp_' || i,
  ${d.time(published)}, CASE WHEN (i + 1) * ${STEP_MS} < ${year} THEN ${d.time(`${published} + ${year}`)} END,
  ${SNAPSHOTS_PER_POST - 1}, 'collected', NULL, NULL, ${METRIC_NAMES.map((m) => metric(m)).join(', ')},
  ${engagement}, ${d.time(String(NOW_MS))}
FROM (SELECT j AS i FROM ${d.series(POSTS)}) AS r`,
    `INSERT INTO metric_snapshots (post_id, slot, collected_at, metrics)
SELECT ${d.id('post', 'i')}, s, ${d.time(`${published} + ${offset}`)}, ${snapshotMetrics}
FROM (SELECT j / ${SNAPSHOTS_PER_POST} AS i, j % ${SNAPSHOTS_PER_POST} AS s
  FROM ${d.series(POSTS * SNAPSHOTS_PER_POST)}) AS r`,
  ];
}

const COUNTS_SQL = `SELECT (SELECT count(*) FROM posts) AS posts,
  (SELECT count(*) FROM post_collections) AS collections,
  (SELECT count(*) FROM metric_snapshots) AS snapshots`;

type Counts = { posts: number; collections: number; snapshots: number };

function checkCounts(counts: Counts): void {
  const expected = { posts: POSTS, collections: POSTS, snapshots: POSTS * SNAPSHOTS_PER_POST };
  if (JSON.stringify(counts) !== JSON.stringify(expected)) {
    throw new Error(`seeded ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
  }
}

/** The 365-day window's totals, from the same formulas as the seed. */
function expectedYear(): { posts: number; views: number; engagement: number } {
  const totals = { posts: 0, views: 0, engagement: 0 };
  for (let i = 0; i < POSTS; i++) {
    if ((i + 1) * STEP_MS > 365 * DAY_MS) break;
    const platform = PLATFORMS[i % PLATFORMS.length] ?? 'instagram';
    totals.posts += 1;
    if (PLATFORM_METRICS[platform].includes('views')) totals.views += figureOf('views', i);
    for (const metric of ENGAGEMENT_METRICS[platform]) totals.engagement += figureOf(metric, i);
  }
  return totals;
}

// pg is a dependency of @svc/store-postgres, not of the workspace root: load it from there. Only
// the seed and its checks use it; the measured path is the store's own pool.
type SqlClient = {
  connect(): Promise<unknown>;
  query(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
};
const pg = createRequire(new URL('../packages/store-postgres/package.json', import.meta.url))('pg') as {
  Client: new (options: { connectionString: string }) => SqlClient;
};

const owner = aUser();
const accounts = PLATFORMS.map((platform) => anAccount(owner.id, { platform }));
const actor: Actor = { user: owner, credentialId: 'key_bench', scopes: ['post:read'], accountIds: null };
const deps = (store: Store) => ({ store, clock: { now: () => new Date(NOW_MS) } });

/** The owner and the accounts, through the store. */
async function seedOwner(store: Store): Promise<void> {
  await store.users.insertUser(owner);
  for (const account of accounts) await store.accounts.saveAccount(account);
}

async function seedSqlite(path: string): Promise<Counts> {
  const db = openSqliteDatabase(path);
  try {
    const statements = seedStatements(
      sqlite,
      owner.id,
      accounts.map((a) => a.id),
    ).map((sql) => db.prepare(sql));
    db.transaction(() => {
      for (const statement of statements) statement.run();
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return db.prepare<[], Counts>(COUNTS_SQL).get() as Counts;
  } finally {
    db.close();
  }
}

async function seedPostgres(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const sql of seedStatements(
      postgres,
      owner.id,
      accounts.map((a) => a.id),
    ))
      await client.query(sql);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE posts, post_collections, metric_snapshots');
    const row = (await client.query(COUNTS_SQL)).rows[0] ?? {};
    return {
      posts: Number(row.posts),
      collections: Number(row.collections),
      snapshots: Number(row.snapshots),
    };
  } finally {
    await client.end();
  }
}

async function answer(store: Store, days: number): Promise<AnalyticsAnswer> {
  const result = await getAnalytics(deps(store), actor, { days, timezone: TIMEZONE });
  if (result.isErr()) throw new Error(`getAnalytics(${days}): ${result.error.message}`);
  return result.value;
}

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Median ms of each window over ROUNDS alternating runs, after WARM_UP runs of each. */
async function measure(store: Store): Promise<Record<(typeof WINDOWS)[number], number>> {
  for (let i = 0; i < WARM_UP; i++) for (const days of WINDOWS) await answer(store, days);
  const samples: Record<number, number[]> = { 30: [], 365: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? WINDOWS : [...WINDOWS].reverse();
    for (const days of order) {
      const t0 = process.hrtime.bigint();
      await answer(store, days);
      samples[days]?.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return { 30: median(samples[30] ?? []), 365: median(samples[365] ?? []) };
}

const fmt = (n: number) => n.toLocaleString('en');
const expected = expectedYear();
const answers = new Map<string, AnalyticsAnswer>();

/** Seeds one store, checks it, measures it and prints its lines. */
async function bench(name: string, store: Store, seed: () => Promise<Counts>): Promise<void> {
  await seedOwner(store);
  const t0 = performance.now();
  const counts = await seed();
  const seedSeconds = (performance.now() - t0) / 1000;
  checkCounts(counts);
  // The generated rows read back as posts through the store's own mapping.
  const newest = await store.posts.getPost(`post_${'0'.repeat(26)}`);
  if (newest?.status !== 'posted' || newest.publishedAt?.getTime() !== NOW_MS - STEP_MS) {
    throw new Error(`${name}: the newest seeded post reads back as ${JSON.stringify(newest)}`);
  }
  const year = await answer(store, 365);
  const { posts, views, engagement } = year.totals;
  if (posts !== expected.posts || views !== expected.views || engagement !== expected.engagement) {
    throw new Error(
      `${name}: 365-day totals ${JSON.stringify({ posts, views, engagement })}, expected ${JSON.stringify(expected)}`,
    );
  }
  answers.set(name, year);
  console.log(
    `analytics (${name}): seeded ${fmt(counts.posts)} posts, ${fmt(counts.collections)} collections and ` +
      `${fmt(counts.snapshots)} snapshots in ${seedSeconds.toFixed(1)} s; 365-day totals ` +
      `${fmt(posts)} posts, ${fmt(views)} views, ${fmt(engagement)} engagement (as expected)`,
  );
  const ms = await measure(store);
  console.log(
    `analytics (${name}): 30 days ${ms[30].toFixed(0)} ms, 365 days ${ms[365].toFixed(0)} ms, ` +
      `ratio ${(ms[365] / ms[30]).toFixed(2)} (${fmt(POSTS)} posts, ${fmt(POSTS * SNAPSHOTS_PER_POST)} snapshots, ` +
      `median of ${ROUNDS} alternating runs, ${TIMEZONE})`,
  );
}

if (STORES.includes('sqlite')) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-analytics-'));
  const path = join(dir, 'analytics.db');
  const store = openSqliteStore({ path });
  try {
    await bench('sqlite', store, () => seedSqlite(path));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (STORES.includes('postgres')) {
  const database = await createScratchDatabase(ADMIN_URL, 'bench');
  try {
    const store = await openPostgresStore({ connectionString: database.url });
    try {
      await bench('postgres', store, () => seedPostgres(database.url));
    } finally {
      await store.close();
    }
  } finally {
    await database.drop();
  }
}

const [first, second] = [...answers.values()];
if (first !== undefined && second !== undefined) {
  const same = JSON.stringify(first) === JSON.stringify(second);
  console.log(`analytics: the two stores' 365-day answers are ${same ? 'identical' : 'DIFFERENT'}`);
  if (!same) process.exitCode = 1;
}
