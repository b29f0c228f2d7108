import { NOTIFICATION_FAN_OUT_CONSUMER as CONSUMER, type NotificationStore } from '@svc/core';
import {
  insertNotificationSql,
  type NotificationPreferenceRowOf,
  type NotificationRowOf,
} from '@svc/store-sql';
import type { Pool } from 'pg';
import { leaseClaimParams, limitParam, PG_ROWS, type PgTypes, POSITIONAL } from './pg-values.js';
import { postgresFanOutCursor } from './postgres-fan-out-cursor.js';
import { withTransaction } from './with-transaction.js';

type Row = NotificationRowOf<PgTypes>;

const { notificationToRow, rowToNotification, rowsToClaimedNotifications, rowsToPreferences } = PG_ROWS;

const INSERT_SQL = insertNotificationSql(POSITIONAL);

/**
 * Leases the oldest due rows without a live lease (leaseClaimParams: $1 now, $2 limit, $3 owner,
 * $4 lease end); SKIP LOCKED keeps concurrent claims apart.
 */
const CLAIM_SQL = `UPDATE notifications
SET lease_owner = $3, lease_until = $4, attempts = attempts + 1, updated_at = $1
WHERE id IN (
  SELECT id FROM notifications
  WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
  ORDER BY next_attempt_at, id LIMIT $2
  FOR UPDATE SKIP LOCKED
)
RETURNING *`;

const FINISH_SQL = `UPDATE notifications
SET status = $3, next_attempt_at = $4, last_error = $5, updated_at = $6,
  sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz ELSE NULL END, lease_owner = NULL, lease_until = NULL
WHERE id = $1 AND lease_owner = $2`;

/** The NotificationStore on PostgreSQL (docs/notifications.md). */
export function createPostgresNotificationStore(pool: Pool): NotificationStore {
  const cursor = postgresFanOutCursor(pool);
  const preferencesOfMany = async (userIds: readonly string[]) => {
    const rows = await pool.query<NotificationPreferenceRowOf<PgTypes>>(
      'SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id = ANY($1::text[])',
      [userIds],
    );
    return rowsToPreferences(rows.rows);
  };
  return {
    preferencesOf: async (userId) => (await preferencesOfMany([userId])).get(userId) ?? {},
    async setPreference(userId, kind, enabled, at) {
      await pool.query(
        `INSERT INTO notification_preferences (user_id, kind, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
        [userId, kind, enabled, at],
      );
    },
    preferencesOfMany,
    leaseFanOut: (request) => cursor.lease({ consumer: CONSUMER, ...request }),
    startFanOutAt: (position) => cursor.start(CONSUMER, position),
    commitFanOut(c) {
      // The cursor moves with the rows it produced, or nothing is written (docs/webhooks.md, "Delivery").
      return withTransaction(pool, async (client) => {
        // A null lease_until leaves the lease as it is: the notifier renews it on its own rounds.
        if (!(await cursor.move(client, CONSUMER, c.leaseOwner, c.from, c.to, null))) return false;
        for (const n of c.notifications) await client.query(INSERT_SQL, Object.values(notificationToRow(n)));
        return true;
      });
    },
    async claim(request) {
      if (limitParam(request.limit) === 0) return [];
      return rowsToClaimedNotifications((await pool.query<Row>(CLAIM_SQL, leaseClaimParams(request))).rows);
    },
    async finishAttempt(end) {
      const done = await pool.query(FINISH_SQL, [
        end.id,
        end.leaseOwner,
        end.status,
        end.nextAttemptAt,
        end.error,
        end.at,
      ]);
      return done.rowCount === 1;
    },
    async peopleWhoChose(kind, afterUserId, limit) {
      const rows = await pool.query<{ user_id: string }>(
        `SELECT user_id FROM notification_preferences WHERE kind = $1 AND enabled AND user_id COLLATE "C" > $2
         ORDER BY user_id COLLATE "C" LIMIT $3`,
        [kind, afterUserId ?? '', limitParam(limit)],
      );
      return rows.rows.map((r) => r.user_id);
    },
    async takenKeys(dedupKeys) {
      const rows = await pool.query<{ dedup_key: string }>(
        'SELECT dedup_key FROM notifications WHERE dedup_key = ANY($1::text[])',
        [dedupKeys],
      );
      return new Set(rows.rows.map((r) => r.dedup_key));
    },
    async enqueue(notifications) {
      if (notifications.length === 0) return;
      await withTransaction(pool, async (client) => {
        for (const n of notifications) await client.query(INSERT_SQL, Object.values(notificationToRow(n)));
      });
    },
    async listNotifications(userId, limit) {
      const rows = await pool.query<Row>(
        'SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
        [userId, limitParam(limit)],
      );
      return rows.rows.map(rowToNotification);
    },
  };
}
