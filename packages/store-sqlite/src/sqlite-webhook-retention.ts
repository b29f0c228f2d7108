import type { WebhookRetentionOutcome } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateToSql, jsonToSql } from './sql-values.js';

/**
 * Settled messages, oldest first, through `webhook_messages_created`; each message's deliveries
 * are looked up through `webhook_deliveries_message`. Exported for the test of its query plan.
 */
export const SELECT_SETTLED_MESSAGES_SQL = `SELECT m.id FROM webhook_messages AS m
WHERE m.created_at < @before
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries AS d
    WHERE d.message_id = m.id AND (d.status = 'pending' OR d.updated_at >= @before))
ORDER BY m.created_at, m.id
LIMIT @limit`;

/**
 * WebhookStore.deleteSettledMessages for SQLite: one IMMEDIATE transaction per batch (attempts,
 * deliveries, then messages, which the deliveries refer to), so a redelivery or a second process
 * waits for it and then finds the rows gone.
 */
export function createSqliteWebhookRetention(
  db: Database.Database,
): (before: Date, limit: number) => WebhookRetentionOutcome {
  const selectSettled = db.prepare<[{ before: number; limit: number }], { id: string }>(
    SELECT_SETTLED_MESSAGES_SQL,
  );
  const byMessages = (table: string, column: string) =>
    db.prepare<[string]>(`DELETE FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?))`);
  const deleteAttempts = byMessages('webhook_attempts', 'message_id');
  const deleteDeliveries = byMessages('webhook_deliveries', 'message_id');
  const deleteMessages = byMessages('webhook_messages', 'id');
  return db.transaction((before: Date, limit: number): WebhookRetentionOutcome => {
    const rows = selectSettled.all({ before: dateToSql(before), limit: Math.max(0, Math.floor(limit)) });
    if (rows.length === 0) return { messages: 0, deliveries: 0, attempts: 0 };
    const ids = jsonToSql(rows.map((r) => r.id));
    const attempts = deleteAttempts.run(ids).changes;
    const deliveries = deleteDeliveries.run(ids).changes;
    const messages = deleteMessages.run(ids).changes;
    return { messages, deliveries, attempts };
  }).immediate;
}
