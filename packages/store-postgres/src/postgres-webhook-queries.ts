import { DELIVERY_COLUMNS, DELIVERY_SLOTS_SQL, MESSAGE_COLUMNS } from '@svc/store-sql';

/** Subscription $1 of owner $2. */
export const GET_SUBSCRIPTION_SQL = 'SELECT * FROM webhook_subscriptions WHERE id = $1 AND owner_id = $2';

/**
 * The same, locked for a patch: NO KEY UPDATE, so deliveries may still be added to it meanwhile
 * (their foreign key takes KEY SHARE), while other patches, health updates and claims wait or skip it.
 */
export const LOCK_SUBSCRIPTION_SQL = `${GET_SUBSCRIPTION_SQL} FOR NO KEY UPDATE`;

/**
 * Saves a patched subscription: $1 id, $2 owner, then $3… the patchable fields in
 * WEBHOOK_PATCHABLE_FIELDS order and $14 the update time. Id, owner and creation time never change.
 */
export const UPDATE_SUBSCRIPTION_SQL = `UPDATE webhook_subscriptions SET url = $3, events = $4,
  description = $5, account_ids = $6, sealed_secret = $7, previous_sealed_secret = $8,
  previous_secret_until = $9, enabled = $10, disabled_reason = $11, disabled_at = $12,
  failing_since = $13, updated_at = $14
WHERE id = $1 AND owner_id = $2`;

/** Owner $1's subscriptions, newest first (index `webhook_subscriptions_owner`, backwards). */
export const LIST_SUBSCRIPTIONS_SQL = `SELECT * FROM webhook_subscriptions WHERE owner_id = $1
ORDER BY created_at DESC, id DESC`;

/** Removes subscription $1 of owner $2; its deliveries and attempts follow (ON DELETE CASCADE). */
export const DELETE_SUBSCRIPTION_SQL = 'DELETE FROM webhook_subscriptions WHERE id = $1 AND owner_id = $2';

/** The enabled subscriptions of the owners $1, oldest first. */
export const SUBSCRIPTIONS_OF_SQL = `SELECT * FROM webhook_subscriptions
WHERE owner_id = ANY($1::text[]) AND enabled
ORDER BY created_at, id`;

/**
 * Consumer $1's lease for $2 until $4, as of $3: creates the cursor at NULL on first use, renews
 * the owner's own lease, takes an expired or released one, and answers no row while another
 * owner's lease lives. One statement: of two processes inserting the first row, one waits on the
 * key and then finds the other's row; of two taking an expired lease, the second waits on the row
 * lock and then sees the first's lease (ON CONFLICT re-checks the WHERE on the row it locked).
 */
export const LEASE_FAN_OUT_SQL = `INSERT INTO journal_cursors AS c (name, position, lease_owner, lease_until)
VALUES ($1, NULL, $2, $4)
ON CONFLICT (name) DO UPDATE SET lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
WHERE c.lease_owner IS NULL OR c.lease_owner = excluded.lease_owner OR c.lease_until IS NULL
  OR c.lease_until <= $3::timestamptz
RETURNING c.position`;

/**
 * Moves consumer $1's cursor to $4 if $2 holds its lease and it is still at $3 (NULL-safe),
 * renewing the lease until $5 unless that is NULL.
 */
export const MOVE_FAN_OUT_SQL = `UPDATE journal_cursors SET position = $4, lease_until = COALESCE($5::timestamptz, lease_until)
WHERE name = $1 AND lease_owner = $2 AND position IS NOT DISTINCT FROM $3::text`;

/** Creates consumer $1's cursor at $2, unless it has one. */
export const START_FAN_OUT_SQL = `INSERT INTO journal_cursors (name, position) VALUES ($1, $2)
ON CONFLICT (name) DO NOTHING`;

/** Stores messages, one array parameter per MESSAGE_COLUMNS entry. */
export const INSERT_MESSAGES_SQL = `INSERT INTO webhook_messages (${MESSAGE_COLUMNS.join(', ')})
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`;

/**
 * Stores deliveries, one array parameter per DELIVERY_COLUMNS entry, leaving out those whose
 * subscription is gone. The subscriptions are KEY SHARE locked first (in key order, so two
 * writers cannot deadlock): a deletion that committed meanwhile makes its row drop out here
 * instead of failing the foreign key, and one still running waits for this transaction.
 */
export const INSERT_DELIVERIES_SQL = `WITH live AS (
  SELECT id FROM webhook_subscriptions WHERE id = ANY($2::text[]) ORDER BY id FOR KEY SHARE
)
INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS.join(', ')})
SELECT d.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[],
  $7::timestamptz[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
  AS d(${DELIVERY_COLUMNS.join(', ')})
WHERE d.subscription_id IN (SELECT id FROM live)`;

/**
 * The claim's first step: up to $2 enabled subscriptions with due deliveries that no lease holds
 * (as of $1) and fewer than $3 live leases, those with the oldest due delivery first, locked FOR
 * NO KEY UPDATE SKIP LOCKED. Only claims increase a subscription's leases, and every claim holds
 * this lock on the subscription until it commits, so no other claim adds leases to these
 * subscriptions before this transaction ends; one that holds it now is skipped, never waited for.
 * (Locking still admits new deliveries, whose foreign key takes KEY SHARE.)
 */
export const LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL = `WITH due AS (
  SELECT subscription_id, min(next_attempt_at) AS oldest
  FROM webhook_deliveries
  WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
  GROUP BY subscription_id
)
SELECT s.id FROM webhook_subscriptions AS s
JOIN due ON due.subscription_id = s.id
WHERE s.enabled
  AND (SELECT count(*) FROM webhook_deliveries AS l WHERE l.subscription_id = s.id AND l.lease_until > $1) < $3
ORDER BY due.oldest, s.id
LIMIT $2
FOR NO KEY UPDATE OF s SKIP LOCKED`;

/**
 * The claim's second step, on a snapshot taken after the first step's locks, so it sees every
 * claim committed on those subscriptions: each due delivery without a live lease of the locked
 * subscriptions $1 gets a slot, its rank among its subscription's (oldest due first) after the
 * leases that subscription holds as of $2; those whose slot fits $3 are leased to $5 until $6,
 * oldest due first, up to $4, their attempt counted. SKIP LOCKED passes over a delivery another
 * statement is changing (a release, a redelivery); the UPDATE re-checks it is still free. Each
 * claimed delivery comes with its message and subscription as jsonb.
 */
export const CLAIM_DELIVERIES_SQL = `WITH live AS (
  SELECT subscription_id, count(*) AS leases FROM webhook_deliveries
  WHERE subscription_id = ANY($1::text[]) AND lease_until > $2
  GROUP BY subscription_id
), ranked AS (
  ${DELIVERY_SLOTS_SQL}
  LEFT JOIN live ON live.subscription_id = d.subscription_id
  WHERE d.subscription_id = ANY($1::text[]) AND d.status = 'pending' AND d.next_attempt_at <= $2
    AND (d.lease_until IS NULL OR d.lease_until <= $2)
), chosen AS (
  SELECT d.id FROM webhook_deliveries AS d
  WHERE d.id IN (SELECT id FROM ranked WHERE slot <= $3 ORDER BY next_attempt_at, id LIMIT $4)
  FOR UPDATE SKIP LOCKED
), claimed AS (
  UPDATE webhook_deliveries AS d
  SET lease_owner = $5, lease_until = $6, attempts = d.attempts + 1, updated_at = $2
  FROM chosen
  WHERE d.id = chosen.id AND d.status = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= $2)
  RETURNING d.*
)
SELECT claimed.*, to_jsonb(m) AS message, to_jsonb(s) AS subscription
FROM claimed
JOIN webhook_messages AS m ON m.id = claimed.message_id
JOIN webhook_subscriptions AS s ON s.id = claimed.subscription_id
ORDER BY claimed.next_attempt_at, claimed.id`;

/**
 * The first step of a finished attempt: KEY SHARE locks the subscription of delivery $1 if $2
 * holds its lease. Taken before the delivery's row, in the order a deletion takes them (the
 * subscription, then its deliveries), so the two wait for each other instead of deadlocking.
 */
export const LOCK_ATTEMPT_SUBSCRIPTION_SQL = `SELECT s.id FROM webhook_subscriptions AS s
WHERE s.id = (SELECT subscription_id FROM webhook_deliveries WHERE id = $1 AND lease_owner = $2)
FOR KEY SHARE`;

/**
 * The lease holder's outcome, once LOCK_ATTEMPT_SUBSCRIPTION_SQL holds: delivery $1 of lease owner
 * $2 gets status $3, due time $4 and delivery time $5 at $6 and its lease released. A lost lease
 * changes no row.
 */
export const FINISH_DELIVERY_SQL = `UPDATE webhook_deliveries SET status = $3, next_attempt_at = $4,
  delivered_at = $5, updated_at = $6, lease_owner = NULL, lease_until = NULL
WHERE id = $1 AND lease_owner = $2
RETURNING *`;

/** Appends an attempt of delivery $1 (subscription $2, message $3, owner $4): $5… see `attemptParams`. */
export const INSERT_ATTEMPT_SQL = `INSERT INTO webhook_attempts (delivery_id, subscription_id, message_id,
  owner_id, event_type, attempt_number, started_at, duration_ms, status_code, outcome, error, response_excerpt)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;

/**
 * Subscription $1's health after an attempt: its failure run set to $3 when $2, and disabled with
 * reason $5 at $6 when $4.
 */
export const SUBSCRIPTION_HEALTH_SQL = `UPDATE webhook_subscriptions AS s SET
  failing_since = CASE WHEN $2::boolean THEN $3::timestamptz ELSE s.failing_since END,
  enabled = CASE WHEN $4::boolean THEN false ELSE s.enabled END,
  disabled_reason = CASE WHEN $4::boolean THEN $5::text ELSE s.disabled_reason END,
  disabled_at = CASE WHEN $4::boolean THEN $6::timestamptz ELSE s.disabled_at END,
  updated_at = CASE WHEN $4::boolean THEN $6::timestamptz ELSE s.updated_at END
WHERE s.id = $1`;

/** Gives delivery $1 of lease owner $2 back unsent: due at $3, its claim's attempt uncounted. */
export const RELEASE_DELIVERY_SQL = `UPDATE webhook_deliveries
SET attempts = greatest(attempts - 1, 0), next_attempt_at = $3, updated_at = $3, lease_owner = NULL,
  lease_until = NULL
WHERE id = $1 AND lease_owner = $2`;

/** A new round of delivery $1 of owner $2 on subscription $3, due at $4. */
export const REDELIVER_SQL = `UPDATE webhook_deliveries
SET status = 'pending', attempts = 0, next_attempt_at = $4, updated_at = $4, lease_owner = NULL,
  lease_until = NULL, delivered_at = NULL
WHERE id = $1 AND owner_id = $2 AND subscription_id = $3
RETURNING *`;

/**
 * Up to $4 attempts of subscription $1 of owner $2 with ids below $3 (NULL: from the newest),
 * newest first (index `webhook_attempts_subscription`, backwards, from $3).
 */
export const LIST_ATTEMPTS_SQL = `SELECT * FROM webhook_attempts
WHERE subscription_id = $1 AND owner_id = $2 AND id < coalesce($3::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT $4`;

/** Delivery $1 of owner $2. */
export const GET_DELIVERY_SQL = 'SELECT * FROM webhook_deliveries WHERE id = $1 AND owner_id = $2';

/** How many deliveries are pending (index `webhook_deliveries_due`). */
export const PENDING_COUNT_SQL = "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'";
