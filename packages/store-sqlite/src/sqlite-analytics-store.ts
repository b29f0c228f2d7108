import {
  type AnalyticsStore,
  type CollectionResult,
  collectionsFromEvents,
  engagementOf,
  METRIC_NAMES,
  type MetricName,
  type Platform,
} from '@svc/core';
import type { CollectionJobRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import {
  jsonToSql,
  type LeaseClaimParams,
  leaseClaimParams,
  nullableDateToSql,
  SQLITE_ROWS,
  type SqliteTypes,
} from './sql-values.js';
import { type AccountRow, rowToAccount } from './sqlite-account-store.js';
import { createSqliteAnalyticsQueries } from './sqlite-analytics-queries.js';
import type { SqliteJournal } from './sqlite-journal.js';

/** The analytics follower's name in `journal_cursors`. */
const CURSOR = 'analytics';

/** The columns a claimed collection is read from. */
const JOB_COLUMNS =
  'post_id, owner_id, account_id, platform, platform_post_id, published_at, next_at, done_slot, status';

// A post already followed keeps its row and its progress.
const INSERT_COLLECTION_SQL = `INSERT OR IGNORE INTO post_collections
  (post_id, owner_id, account_id, platform, platform_post_id, published_at, next_at, status, updated_at)
VALUES (@post_id, @owner_id, @account_id, @platform, @platform_post_id, @published_at, @next_at, @status, @published_at)`;

// The lease holder ends the wait for a public id: found (@platform_post_id) or given up (NULL).
const SETTLE_AWAITED_ID_SQL = `UPDATE post_collections
SET platform_post_id = COALESCE(@platform_post_id, platform_post_id),
  status = CASE WHEN @platform_post_id IS NULL THEN 'not_available' ELSE 'pending' END,
  next_at = @next_at, lease_owner = NULL, lease_until = NULL, updated_at = @at
WHERE post_id = @post_id AND lease_owner = @lease_owner AND status = 'awaiting_id'`;

/**
 * The collectors' claim: leases the due collections, oldest due first, and answers them (RETURNING
 * has no order: the caller sorts). `next_at <= @now` implies the partial index's `next_at IS NOT
 * NULL`, so `post_collections_due` serves the WHERE and the ORDER BY; rows under a live lease are
 * skipped on the way. The LIMIT is bound: on 50,000 collections it cost the same as a written-in
 * one (16–18 µs for 10 rows, 51–59 µs for 100, either way, over alternating runs), unlike the
 * repeat check of benchmarks.md, so one statement serves every limit. Exported for the
 * query-plan test.
 */
export const CLAIM_COLLECTIONS_SQL = `UPDATE post_collections SET lease_owner = @lease_owner, lease_until = @lease_until
WHERE post_id IN (
  SELECT post_id FROM post_collections
  WHERE next_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
  ORDER BY next_at, post_id
  LIMIT @limit)
RETURNING ${JOB_COLUMNS}`;

const LATEST_FIGURES = [...METRIC_NAMES, 'engagement'].map((c) => `${c} = @${c}`).join(', ');

// The lease holder's read; `done_slot` never goes back (a late read of an earlier slot).
const RECORD_READ = `status = @status, done_slot = MAX(COALESCE(done_slot, @slot), @slot), next_at = @next_at,
  lease_owner = NULL, lease_until = NULL, updated_at = @at
WHERE post_id = @post_id AND lease_owner = @lease_owner`;

// Every metric column is set from the read: a metric it lacks becomes NULL, as in the memory store.
const RECORD_WITH_METRICS_SQL = `UPDATE post_collections SET ${LATEST_FIGURES}, ${RECORD_READ}`;

// A read without figures (not available, scope missing) keeps the latest figures.
const RECORD_WITHOUT_METRICS_SQL = `UPDATE post_collections SET ${RECORD_READ}`;

/**
 * The accounts due a follower read: active, not waiting for a reconnect, and read before `@before`
 * or never. Never-read first (NULL sorts first), then the oldest read, then the id, as the memory
 * store sorts. The claim marks the ones it takes read in the same transaction.
 */
const DUE_FOLLOWER_READS_SQL = `SELECT a.* FROM connected_accounts AS a
LEFT JOIN account_follower_reads AS r ON r.account_id = a.id
WHERE a.status = 'active' AND a.needs_reconnect = 0 AND (r.read_at IS NULL OR r.read_at < @before)
ORDER BY r.read_at NULLS FIRST, a.id
LIMIT @limit`;

const MARK_FOLLOWERS_READ_SQL = `INSERT INTO account_follower_reads (account_id, read_at) VALUES (?, ?)
ON CONFLICT (account_id) DO UPDATE SET read_at = excluded.read_at`;

type JobRow = CollectionJobRowOf<SqliteTypes>;

type Figures = Partial<Record<MetricName | 'engagement', number | null>>;

type RecordParams = {
  post_id: string;
  lease_owner: string;
  status: string;
  slot: number;
  next_at: number | null;
  at: number;
} & Figures;

const { rowToCollectionJob } = SQLITE_ROWS;

// Plain code-unit order, as SQLite's BINARY collation sorts the post ids in the claim.
const byDueThenId = (a: JobRow, b: JobRow) =>
  a.next_at - b.next_at || (a.post_id < b.post_id ? -1 : a.post_id > b.post_id ? 1 : 0);

/**
 * The AnalyticsStore of a SQLite database. Statements are prepared once, here. Writes run in
 * immediate transactions: the write lock is held from the first read, and SQLite has one writer,
 * so two collectors never lease the same post.
 */
export function createSqliteAnalyticsStore(db: Database.Database, journal: SqliteJournal): AnalyticsStore {
  const selectCursor = db
    .prepare<[string], string>('SELECT position FROM journal_cursors WHERE name = ?')
    .pluck();
  const upsertCursor = db.prepare<[string, string]>(
    `INSERT INTO journal_cursors (name, position) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
  );
  const insertCollection = db.prepare(INSERT_COLLECTION_SQL);
  const claimDue = db.prepare<[LeaseClaimParams], JobRow>(CLAIM_COLLECTIONS_SQL);
  const selectHeldPlatform = db
    .prepare<[string, string], string>(
      'SELECT platform FROM post_collections WHERE post_id = ? AND lease_owner = ?',
    )
    .pluck();
  const recordWithMetrics = db.prepare<[RecordParams]>(RECORD_WITH_METRICS_SQL);
  const recordWithoutMetrics = db.prepare<[RecordParams]>(RECORD_WITHOUT_METRICS_SQL);
  // A slot's snapshot is written once and never overwritten.
  const insertSnapshot = db.prepare<[string, number, number, string]>(
    'INSERT OR IGNORE INTO metric_snapshots (post_id, slot, collected_at, metrics) VALUES (?, ?, ?, ?)',
  );
  const settleAwaited =
    db.prepare<
      [
        {
          post_id: string;
          lease_owner: string;
          platform_post_id: string | null;
          next_at: number | null;
          at: number;
        },
      ]
    >(SETTLE_AWAITED_ID_SQL);
  const defer = db.prepare<[number, string, string]>(
    `UPDATE post_collections SET next_at = ?, lease_owner = NULL, lease_until = NULL
     WHERE post_id = ? AND lease_owner = ?`,
  );
  const collectOwnerNow = db.prepare<[number, string]>(
    'UPDATE post_collections SET next_at = ? WHERE owner_id = ?',
  );
  const collectAllNow = db.prepare<[number]>('UPDATE post_collections SET next_at = ?');
  const selectDueFollowerReads = db.prepare<[{ before: number; limit: number }], AccountRow>(
    DUE_FOLLOWER_READS_SQL,
  );
  const markFollowersRead = db.prepare<[string, number]>(MARK_FOLLOWERS_READ_SQL);
  const updateFollowerCount = db.prepare<[number | null, string]>(
    'UPDATE connected_accounts SET follower_count = ? WHERE id = ?',
  );

  // The events and the cursor move together: a crash in between reads the same events again.
  const follow = db.transaction((limit: number): number => {
    const events = journal.after(selectCursor.get(CURSOR) ?? null, limit);
    for (const added of collectionsFromEvents(events)) {
      insertCollection.run({
        post_id: added.postId,
        owner_id: added.ownerId,
        account_id: added.accountId,
        platform: added.platform,
        platform_post_id: added.platformPostId,
        published_at: added.publishedAt.getTime(),
        next_at: added.nextAt.getTime(),
        status: added.status,
      });
    }
    const last = events.at(-1);
    if (last !== undefined) upsertCursor.run(CURSOR, last.position);
    return events.length;
  }).immediate;

  const claim = db.transaction((params: LeaseClaimParams) =>
    claimDue.all(params).sort(byDueThenId).map(rowToCollectionJob),
  ).immediate;

  const record = db.transaction((result: CollectionResult): boolean => {
    // The platform decides which metrics make the engagement; a lost lease writes nothing.
    const platform = selectHeldPlatform.get(result.postId, result.leaseOwner);
    if (platform === undefined) return false;
    const read: RecordParams = {
      post_id: result.postId,
      lease_owner: result.leaseOwner,
      status: result.status,
      slot: result.slot,
      next_at: nullableDateToSql(result.nextAt),
      at: result.at.getTime(),
    };
    const { metrics } = result;
    if (metrics === null) {
      recordWithoutMetrics.run(read);
      return true;
    }
    const figures: Figures = { engagement: engagementOf(platform as Platform, metrics) };
    for (const metric of METRIC_NAMES) figures[metric] = metrics[metric] ?? null;
    recordWithMetrics.run({ ...read, ...figures });
    insertSnapshot.run(result.postId, result.slot, result.at.getTime(), jsonToSql(metrics));
    return true;
  }).immediate;

  // The write lock is held from the select, so two collectors never take the same account.
  const claimFollowers = db.transaction((now: number, before: number, limit: number) => {
    const rows = selectDueFollowerReads.all({ before, limit });
    for (const row of rows) markFollowersRead.run(row.id, now);
    return rows.map(rowToAccount);
  }).immediate;

  return {
    ...createSqliteAnalyticsQueries(db),
    async followJournal(limit) {
      return follow(Math.max(0, Math.floor(limit)));
    },
    async claimCollections(request) {
      const params = leaseClaimParams(request);
      return params === null ? [] : claim(params);
    },
    async recordCollection(result) {
      return record(result);
    },
    async settleAwaitedId({ postId, leaseOwner, at, outcome }) {
      const settled = settleAwaited.run({
        post_id: postId,
        lease_owner: leaseOwner,
        platform_post_id: outcome.kind === 'found' ? outcome.platformPostId : null,
        next_at: outcome.kind === 'found' ? outcome.nextAt.getTime() : null,
        at: at.getTime(),
      });
      return settled.changes === 1;
    },

    async deferCollection(postId, leaseOwner, until) {
      return defer.run(until.getTime(), postId, leaseOwner).changes > 0;
    },
    async collectNow(ownerId, now) {
      const done =
        ownerId === null ? collectAllNow.run(now.getTime()) : collectOwnerNow.run(now.getTime(), ownerId);
      return done.changes;
    },
    async claimFollowerReads({ now, before, limit }) {
      // As in claimCollections: below one (NaN too) takes nothing, an infinite limit is none.
      if (!(limit >= 1)) return [];
      const count = Number.isFinite(limit) ? Math.floor(limit) : -1;
      return claimFollowers(now.getTime(), before.getTime(), count);
    },
    async recordFollowers(accountId, followerCount) {
      updateFollowerCount.run(followerCount, accountId);
    },
  };
}
