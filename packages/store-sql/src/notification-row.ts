import type { Notification, NotificationKind, NotificationStatus } from '@svc/core';
import { orNull } from './or-null.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `notifications` row in a dialect's column types (its lease columns are the store's own). */
export type NotificationRowOf<T extends SqlTypes> = {
  id: string;
  dedup_key: string;
  user_id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string;
  status: string;
  attempts: number;
  next_attempt_at: T['date'] | null;
  last_error: string | null;
  created_at: T['date'];
  updated_at: T['date'];
  sent_at: T['date'] | null;
};

/** The row that stores a new notification. */
export function notificationToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  n: Notification,
): NotificationRowOf<T> {
  return {
    id: n.id,
    dedup_key: n.dedupKey,
    user_id: n.userId,
    kind: n.kind,
    to_address: n.to,
    subject: n.subject,
    text_body: n.text,
    html_body: n.html,
    unsubscribe_url: n.unsubscribeUrl,
    status: n.status,
    attempts: n.attempts,
    next_attempt_at: orNull(n.nextAttemptAt, codec.dateToSql),
    last_error: n.lastError,
    created_at: codec.dateToSql(n.createdAt),
    updated_at: codec.dateToSql(n.updatedAt),
    sent_at: orNull(n.sentAt, codec.dateToSql),
  };
}

/** The notification a row holds. */
export function sqlRowToNotification<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: NotificationRowOf<T>,
): Notification {
  return {
    id: row.id,
    dedupKey: row.dedup_key,
    userId: row.user_id,
    kind: row.kind as NotificationKind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    unsubscribeUrl: row.unsubscribe_url,
    status: row.status as NotificationStatus,
    attempts: Number(row.attempts),
    nextAttemptAt: orNull(row.next_attempt_at, codec.dateFromSql),
    lastError: row.last_error,
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
    sentAt: orNull(row.sent_at, codec.dateFromSql),
  };
}

/** The columns a new notification row is inserted with, in `NotificationRowOf`'s order. */
export const NOTIFICATION_COLUMNS = [
  'id',
  'dedup_key',
  'user_id',
  'kind',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'unsubscribe_url',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'updated_at',
  'sent_at',
] as const;

/** Stores a new notification, unless one with its dedup key is stored: a fan-out may run twice. */
export function insertNotificationSql(placeholder: Placeholder): string {
  return `${insertSql('notifications', NOTIFICATION_COLUMNS, placeholder)}
ON CONFLICT (dedup_key) DO NOTHING`;
}

/**
 * The notifications a claim leased, oldest due first and then by id: the order the claim picked
 * them in, which the rows an UPDATE … RETURNING answers do not keep.
 */
export function sqlRowsToClaimedNotifications<T extends SqlTypes>(
  codec: SqlCodec<T>,
  rows: readonly NotificationRowOf<T>[],
): Notification[] {
  return rows
    .map((row) => sqlRowToNotification(codec, row))
    .sort(
      (a, b) =>
        (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
    );
}
