import type { Notification } from '@svc/core';
import { type ColumnMap, columnMapped, columnNames } from './column-map.js';
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

/** The `notifications` columns by Notification field, in `NotificationRowOf`'s order. */
export const NOTIFICATION_MAP: ColumnMap<Notification, keyof NotificationRowOf<SqlTypes>> = {
  id: 'id',
  dedupKey: 'dedup_key',
  userId: 'user_id',
  kind: 'kind',
  to: 'to_address',
  subject: 'subject',
  text: 'text_body',
  html: 'html_body',
  unsubscribeUrl: 'unsubscribe_url',
  status: 'status',
  attempts: ['attempts', 'number'],
  nextAttemptAt: ['next_attempt_at', 'date?'],
  lastError: 'last_error',
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
  sentAt: ['sent_at', 'date?'],
};

/** The columns a new notification row is inserted with, in `NotificationRowOf`'s order. */
export const NOTIFICATION_COLUMNS = columnNames(NOTIFICATION_MAP);

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
  const { fromRow } = columnMapped<T, Notification, NotificationRowOf<T>>(codec, NOTIFICATION_MAP);
  return rows
    .map(fromRow)
    .sort(
      (a, b) =>
        (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
    );
}
