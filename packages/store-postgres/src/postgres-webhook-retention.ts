import type { WebhookRetentionOutcome } from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { limitParam } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

/**
 * Settled messages, oldest first, through `webhook_messages_created`, locked; messages another
 * process holds are skipped, so concurrent sweeps take disjoint batches. Exported for the test of
 * its query plan.
 */
export const SELECT_SETTLED_MESSAGES_SQL = `SELECT m.id FROM webhook_messages AS m
WHERE m.created_at < $1
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries AS d
    WHERE d.message_id = m.id AND (d.status = 'pending' OR d.updated_at >= $1))
ORDER BY m.created_at, m.id
LIMIT $2
FOR UPDATE OF m SKIP LOCKED`;

/**
 * The batch's deliveries, locked and read again: a redelivery committed since the first read has
 * made its message unsettled, and one still waiting for the lock finds its row gone afterwards.
 */
const LOCK_DELIVERIES_SQL = `SELECT message_id, status, updated_at FROM webhook_deliveries
WHERE message_id = ANY ($1::text[])
ORDER BY id
FOR UPDATE`;

/** WebhookStore.deleteSettledMessages for PostgreSQL: one transaction per batch. */
export function deleteSettledPostgresMessages(
  pool: Pool,
  before: Date,
  limit: number,
): Promise<WebhookRetentionOutcome> {
  return withTransaction(pool, (client) => deleteBatch(client, before, limit));
}

async function deleteBatch(
  client: PoolClient,
  before: Date,
  limit: number,
): Promise<WebhookRetentionOutcome> {
  const selected = await client.query<{ id: string }>(SELECT_SETTLED_MESSAGES_SQL, [
    before,
    limitParam(limit),
  ]);
  if (selected.rows.length === 0) return { messages: 0, deliveries: 0, attempts: 0 };
  const locked = await client.query<{ message_id: string; status: string; updated_at: Date }>(
    LOCK_DELIVERIES_SQL,
    [selected.rows.map((r) => r.id)],
  );
  const unsettled = new Set(
    locked.rows.filter((d) => d.status === 'pending' || d.updated_at >= before).map((d) => d.message_id),
  );
  const ids = selected.rows.map((r) => r.id).filter((id) => !unsettled.has(id));
  if (ids.length === 0) return { messages: 0, deliveries: 0, attempts: 0 };
  const attempts = await client.query('DELETE FROM webhook_attempts WHERE message_id = ANY ($1::text[])', [
    ids,
  ]);
  const deliveries = await client.query(
    'DELETE FROM webhook_deliveries WHERE message_id = ANY ($1::text[])',
    [ids],
  );
  const messages = await client.query('DELETE FROM webhook_messages WHERE id = ANY ($1::text[])', [ids]);
  return {
    messages: messages.rowCount ?? 0,
    deliveries: deliveries.rowCount ?? 0,
    attempts: attempts.rowCount ?? 0,
  };
}
