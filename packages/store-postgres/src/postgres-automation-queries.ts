import { AUTOMATION_COLUMNS, AUTOMATION_WITH_COUNTS, NEW_COMMENT_COLUMNS } from './automation-row.js';

/** Stores a new automation ($1… in AUTOMATION_COLUMNS order); RETURNING * for `withEvents`. */
export const INSERT_AUTOMATION_SQL = `INSERT INTO automations (${AUTOMATION_COLUMNS.join(', ')})
VALUES (${AUTOMATION_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
RETURNING *`;

/**
 * Saves a changed automation: $1 id, $2 template, $3 state, $4 post, $5 media, $6 update time,
 * $7 when it last went live.
 * Owner, account and creation time are the automation's identity; counts are never written here.
 * RETURNING * for `withEvents`.
 */
export const UPDATE_AUTOMATION_SQL = `UPDATE automations SET template = $2, state = $3, post_id = $4,
  media_id = $5, updated_at = $6, live_since = $7
WHERE id = $1
RETURNING *`;

/** An automation with its counts. */
export const GET_AUTOMATION_SQL = `SELECT ${AUTOMATION_WITH_COUNTS} FROM automations AS a WHERE a.id = $1`;

/** Owner $1's automations (of the accounts $2, unless NULL), newest first (index `automations_owner`). */
export const LIST_AUTOMATIONS_SQL = `SELECT ${AUTOMATION_WITH_COUNTS} FROM automations AS a
WHERE a.owner_id = $1 AND ($2::text[] IS NULL OR a.account_id = ANY($2::text[]))
ORDER BY a.created_at DESC, a.id DESC`;

/**
 * Removes an automation; its counts go in the next statement, which runs on a snapshot taken
 * after this one got the row: a step that was adding to the counts (and holds the row's key-share
 * lock, see ADVANCE_COMMENT_SQL) has committed by then, so its counts are seen and removed too.
 */
export const DELETE_AUTOMATION_SQL = 'DELETE FROM automations WHERE id = $1 RETURNING id';

/** Removes the counts of automation $1. */
export const DELETE_COUNTS_SQL = 'DELETE FROM automation_counts WHERE automation_id = $1';

/**
 * The live automations watching media $2 (index `automations_live`, in its order) whose account is
 * the active Instagram account with platform id $1, oldest first; the account comes along as jsonb.
 */
export const LIVE_AUTOMATIONS_SQL = `SELECT ${AUTOMATION_WITH_COUNTS}, to_jsonb(acc) AS account
FROM automations AS a
JOIN connected_accounts AS acc ON acc.id = a.account_id
WHERE a.state = 'live' AND a.media_id = $2
  AND acc.status = 'active' AND acc.platform = 'instagram' AND acc.platform_account_id = $1
ORDER BY a.created_at, a.id`;

/**
 * Adds comments from `commentParams` as `new`, due at once; a comment id already there (Meta
 * redelivers, sometimes twice in one delivery) is left as it is, and the row count says how many
 * were new. Inserted in id order, so two deliveries of the same comments cannot deadlock.
 */
export const RECORD_COMMENTS_SQL = `INSERT INTO automation_inbox
  (${NEW_COMMENT_COLUMNS.join(', ')}, stage, attempts, next_at)
SELECT c.*, 'new', 0, c.received_at
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
  $8::timestamptz[], $9::timestamptz[]) AS c(${NEW_COMMENT_COLUMNS.join(', ')})
ORDER BY c.comment_id
ON CONFLICT (comment_id) DO NOTHING`;

/**
 * Leases the due comments without a live lease, oldest due first (index `automation_inbox_due`,
 * whose condition `stage <> 'done'` is written out). SKIP LOCKED passes over comments another
 * worker is claiming right now, so workers never wait on each other nor take the same comment; a
 * comment claimed and committed meanwhile is re-checked once locked, and its new lease excludes
 * it. $1 now, $2 limit, $3 lease owner, $4 lease end.
 */
export const CLAIM_COMMENTS_SQL = `WITH claimed AS (
  UPDATE automation_inbox SET lease_owner = $3, lease_until = $4
  WHERE comment_id IN (
    SELECT comment_id FROM automation_inbox
    WHERE stage <> 'done' AND next_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY next_at, comment_id
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  )
  RETURNING *
)
SELECT * FROM claimed ORDER BY next_at, comment_id`;

/**
 * The lease holder's step and its counters, in one statement. $1 comment, $2 lease owner, $3
 * stage, $4 automation, $5 outcome, $6 time; $7/$8 the counters' automations and names, one pair
 * per increment.
 *
 * The right-hand sides read the row as it was, so the private reply is stamped when the comment
 * moves to `private_sending`, not again when it stays there; a `done` comment's lease is released.
 * A lost lease changes no row, and then nothing is counted. Repeated increments are summed first
 * (one row may be upserted once per statement). Only automations that still exist are counted:
 * their rows are key-share locked, so a deletion waits for this step and then removes its counts
 * too (DELETE_AUTOMATION_SQL); counts are upserted in key order, so steps cannot deadlock.
 */
export const ADVANCE_COMMENT_SQL = `WITH advanced AS (
  UPDATE automation_inbox SET stage = $3::text, automation_id = $4, outcome = $5,
    private_marked_at = CASE WHEN $3::text = 'private_sending' AND stage <> 'private_sending'
      THEN $6::timestamptz ELSE private_marked_at END,
    lease_owner = CASE WHEN $3::text = 'done' THEN NULL ELSE lease_owner END,
    lease_until = CASE WHEN $3::text = 'done' THEN NULL ELSE lease_until END
  WHERE comment_id = $1 AND lease_owner = $2
  RETURNING comment_id
), increments AS (
  SELECT i.automation_id, i.counter, count(*) AS n
  FROM unnest($7::text[], $8::text[]) AS i(automation_id, counter)
  WHERE EXISTS (SELECT 1 FROM advanced)
  GROUP BY i.automation_id, i.counter
), counted AS (
  SELECT id FROM automations WHERE id IN (SELECT automation_id FROM increments) FOR KEY SHARE
), added AS (
  INSERT INTO automation_counts (automation_id, counter, count)
  SELECT i.automation_id, i.counter, i.n FROM increments AS i JOIN counted ON counted.id = i.automation_id
  ORDER BY i.automation_id, i.counter
  ON CONFLICT (automation_id, counter) DO UPDATE SET count = automation_counts.count + excluded.count
)
SELECT comment_id FROM advanced`;

/** Releases a lease after a fault: due again at $3, one more attempt. */
export const DEFER_COMMENT_SQL = `UPDATE automation_inbox
SET attempts = attempts + 1, next_at = $3, lease_owner = NULL, lease_until = NULL
WHERE comment_id = $1 AND lease_owner = $2`;

/**
 * How many private replies account $1 was marked to send since $2 (index
 * `automation_inbox_private_replies`: `>=` implies its NOT NULL condition).
 */
export const PRIVATE_REPLIES_SINCE_SQL = `SELECT count(*) AS n FROM automation_inbox
WHERE ig_user_id = $1 AND private_marked_at >= $2`;

/** One inbox comment. */
export const GET_COMMENT_SQL = 'SELECT * FROM automation_inbox WHERE comment_id = $1';
