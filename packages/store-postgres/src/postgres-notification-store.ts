import {
  NOTIFICATION_FAN_OUT_CONSUMER,
  type NotificationKind,
  type NotificationStore,
  type StoredPreferences,
} from '@svc/core';
import {
  NOTIFICATION_COLUMNS,
  type NotificationRowOf,
  notificationToSqlRow,
  sqlRowToNotification,
} from '@svc/store-sql';
import type { Pool } from 'pg';
import { PG_CODEC, type PgTypes } from './pg-values.js';
import { LEASE_FAN_OUT_SQL, MOVE_FAN_OUT_SQL, START_FAN_OUT_SQL } from './postgres-webhook-queries.js';
import { withTransaction } from './with-transaction.js';

type Row = NotificationRowOf<PgTypes>;
type PreferenceRow = { user_id: string; kind: string; enabled: boolean };

const INSERT_SQL = `INSERT INTO notifications (${NOTIFICATION_COLUMNS.join(', ')})
VALUES (${NOTIFICATION_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
ON CONFLICT (dedup_key) DO NOTHING`;

/** Leases the oldest due rows without a live lease; SKIP LOCKED keeps concurrent claims apart. */
const CLAIM_SQL = `UPDATE notifications
SET lease_owner = $2, lease_until = $3, attempts = attempts + 1, updated_at = $1
WHERE id IN (
  SELECT id FROM notifications
  WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
  ORDER BY next_attempt_at, id LIMIT $4
  FOR UPDATE SKIP LOCKED
)
RETURNING *`;

const FINISH_SQL = `UPDATE notifications
SET status = $3, next_attempt_at = $4, last_error = $5, updated_at = $6,
  sent_at = CASE WHEN $3 = 'sent' THEN $6::timestamptz ELSE NULL END, lease_owner = NULL, lease_until = NULL
WHERE id = $1 AND lease_owner = $2`;

function preferencesFrom(rows: readonly PreferenceRow[]): Map<string, StoredPreferences> {
  const found = new Map<string, Partial<Record<NotificationKind, boolean>>>();
  for (const row of rows)
    found.set(row.user_id, { ...(found.get(row.user_id) ?? {}), [row.kind]: row.enabled });
  return found;
}

/** The NotificationStore on PostgreSQL (docs/notifications.md). */
export function createPostgresNotificationStore(pool: Pool): NotificationStore {
  return {
    async preferencesOf(userId) {
      const rows = await pool.query<PreferenceRow>(
        'SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id = $1',
        [userId],
      );
      return preferencesFrom(rows.rows).get(userId) ?? {};
    },
    async setPreference(userId, kind, enabled, at) {
      await pool.query(
        `INSERT INTO notification_preferences (user_id, kind, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
        [userId, kind, enabled, at],
      );
    },
    async preferencesOfMany(userIds) {
      const rows = await pool.query<PreferenceRow>(
        'SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id = ANY($1::text[])',
        [userIds],
      );
      return preferencesFrom(rows.rows);
    },
    async leaseFanOut({ leaseOwner, now, leaseUntil }) {
      const leased = await pool.query<{ position: string | null }>(LEASE_FAN_OUT_SQL, [
        NOTIFICATION_FAN_OUT_CONSUMER,
        leaseOwner,
        now,
        leaseUntil,
      ]);
      const row = leased.rows[0];
      return row === undefined ? null : { position: row.position };
    },
    async startFanOutAt(position) {
      await pool.query(START_FAN_OUT_SQL, [NOTIFICATION_FAN_OUT_CONSUMER, position]);
    },
    commitFanOut(c) {
      // The cursor moves with the rows it produced, or nothing is written (docs/webhooks.md, "Delivery").
      return withTransaction(pool, async (client) => {
        const moved = await client.query(MOVE_FAN_OUT_SQL, [
          NOTIFICATION_FAN_OUT_CONSUMER,
          c.leaseOwner,
          c.from,
          c.to,
          null, // the lease stays as it is: the notifier renews it on its own rounds
        ]);
        if (moved.rowCount !== 1) return false;
        for (const n of c.notifications) {
          await client.query(INSERT_SQL, Object.values(notificationToSqlRow(PG_CODEC, n)));
        }
        return true;
      });
    },
    async claim({ now, leaseOwner, leaseUntil, limit }) {
      const most = Math.max(0, Math.floor(limit));
      if (most === 0) return [];
      const rows = await pool.query<Row>(CLAIM_SQL, [now, leaseOwner, leaseUntil, most]);
      return rows.rows
        .map((r) => sqlRowToNotification(PG_CODEC, r))
        .sort(
          (a, b) =>
            (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
        );
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
    async listNotifications(userId, limit) {
      const rows = await pool.query<Row>(
        'SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
        [userId, Math.max(0, Math.floor(limit))],
      );
      return rows.rows.map((r) => sqlRowToNotification(PG_CODEC, r));
    },
  };
}
