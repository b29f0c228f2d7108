import { METRIC_NAMES } from '@svc/core';
import { NEW_COLLECTION_COLUMNS } from './collection-row.js';

/** The columns a claim returns: a CollectionRow. */
const JOB_COLUMNS = [...NEW_COLLECTION_COLUMNS, 'done_slot', 'status'].join(', ');

/** The name of the analytics follower's row in `journal_cursors`. */
export const ANALYTICS_CURSOR = 'analytics';

/**
 * Creates the follower's cursor on first use, at NULL (nothing read yet). When two followers start
 * at once, the second waits for the first's insert to commit and then does nothing. The follower
 * takes no lease (lease_owner stays NULL): its row lock makes followers take turns.
 */
export const CREATE_CURSOR_SQL = `INSERT INTO journal_cursors (name, position) VALUES ($1, NULL)
ON CONFLICT (name) DO NOTHING`;

/**
 * Locks the follower's cursor until the transaction ends: followers take turns, and each reads
 * on from where the previous one committed (under READ COMMITTED a waiter gets the new position).
 */
export const LOCK_CURSOR_SQL = 'SELECT position FROM journal_cursors WHERE name = $1 FOR UPDATE';

/** Moves the follower's cursor. */
export const MOVE_CURSOR_SQL = 'UPDATE journal_cursors SET position = $2 WHERE name = $1';

/** Adds collections from `collectionParams`; a post that already has one keeps it. */
export const INSERT_COLLECTIONS_SQL = `INSERT INTO post_collections (${NEW_COLLECTION_COLUMNS.join(', ')})
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::text[])
ON CONFLICT (post_id) DO NOTHING`;

/**
 * Leases the due collections without a live lease, oldest due first (index
 * `post_collections_due`). SKIP LOCKED passes over rows another collector is claiming right now,
 * so collectors never wait on each other nor take the same post. $1 now, $2 limit, $3 lease
 * owner, $4 lease end.
 */
export const CLAIM_COLLECTIONS_SQL = `WITH claimed AS (
  UPDATE post_collections SET lease_owner = $3, lease_until = $4, updated_at = now()
  WHERE post_id IN (
    SELECT post_id FROM post_collections
    WHERE next_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY next_at, post_id
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  )
  RETURNING ${JOB_COLUMNS}
)
SELECT * FROM claimed ORDER BY next_at, post_id`;

/** The platform of a collection whose lease `$2` holds, locked until the read is recorded. */
export const LOCK_HELD_COLLECTION_SQL =
  'SELECT platform FROM post_collections WHERE post_id = $1 AND lease_owner = $2 FOR UPDATE';

// The schedule's part of a recorded read, and the lease's release. $3 status, $4 slot, $5 next
// read. A slot read late (after a later one) does not move done_slot back.
const SCHEDULE_AFTER_READ = `status = $3, done_slot = GREATEST(COALESCE(done_slot, $4), $4), next_at = $5,
  lease_owner = NULL, lease_until = NULL, updated_at = now()`;

/** Records a read without figures ($1 post, $2 lease owner, then SCHEDULE_AFTER_READ's). */
export const RECORD_WITHOUT_METRICS_SQL = `UPDATE post_collections SET ${SCHEDULE_AFTER_READ}
WHERE post_id = $1 AND lease_owner = $2`;

/**
 * Records a read with figures, on a row locked by LOCK_HELD_COLLECTION_SQL: the snapshot (kept
 * when the slot already has one), every metric column (one parameter each from $8, in
 * METRIC_NAMES order; an absent metric is NULL) and the engagement. $6 read time, $7 metrics jsonb.
 */
// One column per metric name: migration 0009 created them for METRIC_NAMES as they were, and a
// metric added later needs its column in a new migration (postgres-migrations.test.ts checks).
export const RECORD_WITH_METRICS_SQL = `WITH snapshot AS (
  INSERT INTO metric_snapshots (post_id, slot, collected_at, metrics) VALUES ($1, $4, $6, $7)
  ON CONFLICT (post_id, slot) DO NOTHING
)
UPDATE post_collections SET ${SCHEDULE_AFTER_READ},
  ${METRIC_NAMES.map((metric, i) => `${metric} = $${i + 8}`).join(', ')},
  engagement = $${METRIC_NAMES.length + 8}
WHERE post_id = $1 AND lease_owner = $2`;

/** Releases a lease without a read: due again at $3. */
export const DEFER_COLLECTION_SQL = `UPDATE post_collections
SET next_at = $3, lease_owner = NULL, lease_until = NULL, updated_at = now()
WHERE post_id = $1 AND lease_owner = $2`;

/**
 * Ends a leased collection's wait for its public id: $3 the public id (NULL: given up), $4 its
 * first metrics read. Only the lease holder's, and only while it awaits one.
 */
export const SETTLE_AWAITED_ID_SQL = `UPDATE post_collections
SET platform_post_id = COALESCE($3, platform_post_id),
  status = CASE WHEN $3::text IS NULL THEN 'not_available' ELSE 'pending' END,
  next_at = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
WHERE post_id = $1 AND lease_owner = $2 AND status = 'awaiting_id'`;

/** Makes every collection of owner $1 (of everyone when NULL) due at $2. */
export const COLLECT_NOW_SQL = `UPDATE post_collections SET next_at = $2, updated_at = now()
WHERE $1::text IS NULL OR owner_id = $1`;

/** A post's snapshots, by slot. */
export const LIST_SNAPSHOTS_SQL = `SELECT post_id, slot, collected_at, metrics FROM metric_snapshots
WHERE post_id = $1
ORDER BY slot`;

/**
 * Hands out up to $3 active accounts (not waiting for a reconnect) whose follower count was last
 * read before $2, or never, oldest read first, and marks them read at $1; answers their
 * `connected_accounts` rows in that order.
 *
 * SKIP LOCKED passes over accounts another collector is claiming right now. That alone is not
 * enough: a collector whose snapshot predates another's commit can still lock an account the other
 * just released, and sees it unread. The upsert settles it: ON CONFLICT sees the latest committed
 * read (even one outside the snapshot) and updates, so returns, only a read still older than $2.
 * An account is thus handed out once per day whatever the timing.
 */
export const CLAIM_FOLLOWER_READS_SQL = `WITH picked AS (
  SELECT a.id, r.read_at
  FROM connected_accounts a
  LEFT JOIN account_follower_reads r ON r.account_id = a.id
  WHERE a.status = 'active' AND NOT a.needs_reconnect
    AND (r.read_at IS NULL OR r.read_at < $2::timestamptz)
  ORDER BY r.read_at NULLS FIRST, a.id
  LIMIT $3
  FOR UPDATE OF a SKIP LOCKED
), marked AS (
  INSERT INTO account_follower_reads (account_id, read_at)
  SELECT id, $1::timestamptz FROM picked
  ON CONFLICT (account_id) DO UPDATE SET read_at = excluded.read_at
    WHERE account_follower_reads.read_at < $2::timestamptz
  RETURNING account_id
)
SELECT a.*
FROM marked m
JOIN picked p ON p.id = m.account_id
JOIN connected_accounts a ON a.id = m.account_id
ORDER BY p.read_at NULLS FIRST, a.id`;

/** Stores an account's follower count as read ($1 account, $2 count or NULL). */
export const RECORD_FOLLOWERS_SQL = 'UPDATE connected_accounts SET follower_count = $2 WHERE id = $1';
