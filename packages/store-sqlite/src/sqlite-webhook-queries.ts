// The statements of the SQLite WebhookStore. Exported for its query-plan test, too.

import { DELIVERY_SLOTS_SQL } from '@svc/store-sql';

/** Saves a patched subscription; id, owner and creation time are its identity and never change. */
export const UPDATE_SUBSCRIPTION_SQL = `UPDATE webhook_subscriptions SET url = @url, events = @events,
  description = @description, account_ids = @account_ids, sealed_secret = @sealed_secret,
  previous_sealed_secret = @previous_sealed_secret, previous_secret_until = @previous_secret_until,
  enabled = @enabled, disabled_reason = @disabled_reason, disabled_at = @disabled_at,
  failing_since = @failing_since, updated_at = @updated_at
WHERE id = @id AND owner_id = @owner_id`;

/** An owner's subscriptions, newest first (index `webhook_subscriptions_owner`, backwards). */
export const LIST_SUBSCRIPTIONS_SQL = `SELECT * FROM webhook_subscriptions WHERE owner_id = ?
ORDER BY created_at DESC, id DESC`;

/** The enabled subscriptions of the owners in a JSON list, oldest first. */
export const SUBSCRIPTIONS_OF_SQL = `SELECT * FROM webhook_subscriptions
WHERE owner_id IN (SELECT value FROM json_each(?)) AND enabled = 1
ORDER BY created_at, id`;

/**
 * Takes the consumer's lease, creating its cursor at NULL on first use, or renews it for the same
 * owner; answers no row while another owner's lease lives. On the right of SET and in WHERE the
 * plain column names are the row as it was.
 */
export const LEASE_FAN_OUT_SQL = `INSERT INTO journal_cursors (name, position, lease_owner, lease_until)
VALUES (@consumer, NULL, @lease_owner, @lease_until)
ON CONFLICT (name) DO UPDATE SET lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
WHERE lease_owner IS NULL OR lease_owner = excluded.lease_owner OR lease_until IS NULL OR lease_until <= @now
RETURNING position`;

/**
 * Moves the cursor if the lease is still this owner's and the cursor still at `from` (`IS`:
 * NULL-safe), renewing the lease until `lease_until` unless that is NULL.
 */
export const MOVE_FAN_OUT_SQL = `UPDATE journal_cursors SET position = @to, lease_until = COALESCE(@lease_until, lease_until)
WHERE name = @consumer AND lease_owner = @lease_owner AND position IS @from`;

/** Creates a consumer's cursor at a position, unless it has one. */
export const START_FAN_OUT_SQL = `INSERT INTO journal_cursors (name, position) VALUES (?, ?)
ON CONFLICT (name) DO NOTHING`;

/** Stores a message (every column of MessageRow). */
export const INSERT_MESSAGE_SQL = `INSERT INTO webhook_messages (id, owner_id, event_type, source_position, payload, created_at)
VALUES (@id, @owner_id, @event_type, @source_position, @payload, @created_at)`;

/** Stores a delivery, unless its subscription is gone (deleted after the fan-out read it). */
export const INSERT_DELIVERY_SQL = `INSERT INTO webhook_deliveries
  (id, subscription_id, message_id, owner_id, status, attempts, next_attempt_at, lease_owner, lease_until,
   created_at, updated_at, delivered_at)
SELECT @id, @subscription_id, @message_id, @owner_id, @status, @attempts, @next_attempt_at, @lease_owner,
  @lease_until, @created_at, @updated_at, @delivered_at
WHERE EXISTS (SELECT 1 FROM webhook_subscriptions WHERE id = @subscription_id)`;

/**
 * Whether any delivery may be due, read before the claim's write transaction: the partial index
 * `webhook_deliveries_due` answers it; leases and subscriptions are the claim's to weigh.
 */
export const ANY_DELIVERY_DUE_SQL = `SELECT 1 FROM webhook_deliveries
WHERE status = 'pending' AND next_attempt_at <= @now LIMIT 1`;

/**
 * The delivery workers' claim. Each due delivery without a live lease, of an enabled subscription,
 * gets a slot: its rank among its subscription's (oldest due first) after the leases that
 * subscription already holds; those whose slot fits the bound are leased, oldest due first, up to
 * the limit, and their attempt counted. SQLite has one writer, so the counts cannot change under
 * the claim. `status = 'pending'` is the partial index's condition written out, so
 * `webhook_deliveries_due` serves the scan; RETURNING has no order: the caller sorts.
 */
export const CLAIM_DELIVERIES_SQL = `WITH live AS (
  SELECT subscription_id, count(*) AS leases FROM webhook_deliveries
  WHERE lease_until > @now
  GROUP BY subscription_id
), ranked AS (
  ${DELIVERY_SLOTS_SQL}
  JOIN webhook_subscriptions AS s ON s.id = d.subscription_id
  LEFT JOIN live ON live.subscription_id = d.subscription_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= @now
    AND (d.lease_until IS NULL OR d.lease_until <= @now) AND s.enabled = 1
)
UPDATE webhook_deliveries
SET lease_owner = @lease_owner, lease_until = @lease_until, attempts = attempts + 1, updated_at = @now
WHERE id IN (
  SELECT id FROM ranked WHERE slot <= @per_subscription ORDER BY next_attempt_at, id LIMIT @limit)
RETURNING *`;

/** The lease holder's outcome: status, due and delivery times, the lease released. */
export const FINISH_DELIVERY_SQL = `UPDATE webhook_deliveries SET status = @status,
  next_attempt_at = @next_attempt_at, delivered_at = @delivered_at, updated_at = @at,
  lease_owner = NULL, lease_until = NULL
WHERE id = @id AND lease_owner = @lease_owner
RETURNING *`;

/** Appends an attempt of a delivery, with the delivery's keys and owner. */
export const INSERT_ATTEMPT_SQL = `INSERT INTO webhook_attempts
  (delivery_id, subscription_id, message_id, owner_id, event_type, attempt_number, started_at, duration_ms,
   status_code, outcome, error, response_excerpt)
VALUES (@delivery_id, @subscription_id, @message_id, @owner_id, @event_type, @attempt_number, @started_at,
  @duration_ms, @status_code, @outcome, @error, @response_excerpt)`;

/** The subscription's health after an attempt: each change only when its flag says so. */
export const SUBSCRIPTION_HEALTH_SQL = `UPDATE webhook_subscriptions SET
  failing_since = CASE WHEN @set_failing = 1 THEN @failing_since ELSE failing_since END,
  enabled = CASE WHEN @disable = 1 THEN 0 ELSE enabled END,
  disabled_reason = CASE WHEN @disable = 1 THEN @disabled_reason ELSE disabled_reason END,
  disabled_at = CASE WHEN @disable = 1 THEN @disabled_at ELSE disabled_at END,
  updated_at = CASE WHEN @disable = 1 THEN @disabled_at ELSE updated_at END
WHERE id = @id`;

/** Gives a leased delivery back unsent: due at `at`, its claim's attempt uncounted. */
export const RELEASE_DELIVERY_SQL = `UPDATE webhook_deliveries
SET attempts = max(attempts - 1, 0), next_attempt_at = @at, updated_at = @at, lease_owner = NULL, lease_until = NULL
WHERE id = @id AND lease_owner = @lease_owner`;

/** A new round of one of the owner's deliveries, due now. */
export const REDELIVER_SQL = `UPDATE webhook_deliveries
SET status = 'pending', attempts = 0, next_attempt_at = @now, updated_at = @now, lease_owner = NULL,
  lease_until = NULL, delivered_at = NULL
WHERE id = @id AND owner_id = @owner_id AND subscription_id = @subscription_id
RETURNING *`;

/**
 * A page of one of the owner's subscriptions' attempts, newest first, below an id (NULL: from the
 * newest): index `webhook_attempts_subscription`, backwards from that id.
 */
export const LIST_ATTEMPTS_SQL = `SELECT * FROM webhook_attempts
WHERE subscription_id = @subscription_id AND owner_id = @owner_id
  AND id < coalesce(@before, 9223372036854775807)
ORDER BY id DESC
LIMIT @limit`;
