import {
  NOTIFICATION_FAN_OUT_CONSUMER as CONSUMER,
  type Notification,
  type NotificationFanOutCommit,
  type NotificationStore,
} from '@svc/core';
import {
  insertNotificationSql,
  type NotificationPreferenceRowOf,
  type NotificationRowOf,
} from '@svc/store-sql';
import type Database from 'better-sqlite3';
import {
  type LeaseClaimParams,
  leaseClaimParams,
  NAMED,
  SQLITE_ROWS,
  type SqliteTypes,
} from './sql-values.js';
import { sqliteFanOutCursor } from './sqlite-fan-out-cursor.js';

type Row = NotificationRowOf<SqliteTypes>;
type PreferenceRow = NotificationPreferenceRowOf<SqliteTypes>;

const { notificationToRow, rowToNotification, rowsToClaimedNotifications, rowsToPreferences } = SQLITE_ROWS;

const INSERT_SQL = insertNotificationSql(NAMED);

/** Leases the oldest due rows without a live lease and counts their attempt; one writer, so no race. */
const CLAIM_SQL = `UPDATE notifications
SET lease_owner = @lease_owner, lease_until = @lease_until, attempts = attempts + 1, updated_at = @now
WHERE id IN (
  SELECT id FROM notifications
  WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
  ORDER BY next_attempt_at, id LIMIT @limit
)
RETURNING *`;

const FINISH_SQL = `UPDATE notifications
SET status = @status, next_attempt_at = @next_attempt_at, last_error = @error, updated_at = @at,
  sent_at = CASE WHEN @status = 'sent' THEN @at ELSE NULL END, lease_owner = NULL, lease_until = NULL
WHERE id = @id AND lease_owner = @lease_owner`;

/** The NotificationStore on SQLite (docs/notifications.md). */
export function createSqliteNotificationStore(db: Database.Database): NotificationStore {
  const selectPreferences = db.prepare<[string], PreferenceRow>(
    'SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id = ?',
  );
  const selectManyPreferences = db.prepare<[string], PreferenceRow>(
    'SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id IN (SELECT value FROM json_each(?))',
  );
  const upsertPreference = db.prepare<[string, string, number, number]>(
    `INSERT INTO notification_preferences (user_id, kind, enabled, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, kind) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
  );
  const cursor = sqliteFanOutCursor(db);
  const insert = db.prepare<[Row]>(INSERT_SQL);
  const claimDue = db.prepare<[LeaseClaimParams], Row>(CLAIM_SQL);
  const finish =
    db.prepare<
      [
        {
          id: string;
          lease_owner: string;
          status: string;
          next_attempt_at: number | null;
          error: string | null;
          at: number;
        },
      ]
    >(FINISH_SQL);
  const chose = db.prepare<[string, string, number], { user_id: string }>(
    `SELECT user_id FROM notification_preferences WHERE kind = ? AND enabled = 1 AND user_id > ?
     ORDER BY user_id LIMIT ?`,
  );
  const taken = db.prepare<[string], { dedup_key: string }>(
    'SELECT dedup_key FROM notifications WHERE dedup_key IN (SELECT value FROM json_each(?))',
  );
  const enqueue = db.transaction((notifications: readonly Notification[]) => {
    for (const n of notifications) insert.run(notificationToRow(n));
  });
  const list = db.prepare<[string, number], Row>(
    'SELECT * FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?',
  );

  // The cursor moves with the rows it produced, or nothing is written (docs/webhooks.md, "Delivery").
  const commit = db.transaction((c: NotificationFanOutCommit): boolean => {
    // A null lease_until leaves the lease as it is: the notifier renews it on its own rounds.
    if (!cursor.move(CONSUMER, c.leaseOwner, c.from, c.to, null)) return false;
    for (const n of c.notifications) insert.run(notificationToRow(n));
    return true;
  }).immediate;

  return {
    async preferencesOf(userId) {
      return rowsToPreferences(selectPreferences.all(userId)).get(userId) ?? {};
    },
    async setPreference(userId, kind, enabled, at) {
      upsertPreference.run(userId, kind, enabled ? 1 : 0, at.getTime());
    },
    async preferencesOfMany(userIds) {
      return rowsToPreferences(selectManyPreferences.all(JSON.stringify(userIds)));
    },
    async leaseFanOut(request) {
      return cursor.lease({ consumer: CONSUMER, ...request });
    },
    async startFanOutAt(position) {
      cursor.start(CONSUMER, position);
    },
    async commitFanOut(c) {
      return commit(c);
    },
    async claim(request) {
      const params = leaseClaimParams(request);
      return params === null ? [] : rowsToClaimedNotifications(claimDue.all(params));
    },
    async finishAttempt(end) {
      return (
        finish.run({
          id: end.id,
          lease_owner: end.leaseOwner,
          status: end.status,
          next_attempt_at: end.nextAttemptAt === null ? null : end.nextAttemptAt.getTime(),
          error: end.error,
          at: end.at.getTime(),
        }).changes > 0
      );
    },
    async peopleWhoChose(kind, afterUserId, limit) {
      // '' sorts before every id: the first page.
      return chose.all(kind, afterUserId ?? '', Math.max(0, Math.floor(limit))).map((r) => r.user_id);
    },
    async takenKeys(dedupKeys) {
      return new Set(taken.all(JSON.stringify(dedupKeys)).map((r) => r.dedup_key));
    },
    async enqueue(notifications) {
      enqueue(notifications);
    },
    async listNotifications(userId, limit) {
      return list.all(userId, Math.max(0, Math.floor(limit))).map(rowToNotification);
    },
  };
}
