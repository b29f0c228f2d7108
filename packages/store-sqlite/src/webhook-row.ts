import type {
  RecordedAttempt,
  WebhookAttempt,
  WebhookDelivery,
  WebhookMessage,
  WebhookSubscription,
} from '@svc/core';
import {
  type AttemptRowOf,
  attemptToSqlRow,
  type DeliveryRowOf,
  deliveryToSqlRow,
  type MessageRowOf,
  messageToSqlRow,
  type NewAttemptRowOf,
  type SubscriptionRowOf,
  sqlRowToAttempt,
  sqlRowToDelivery,
  sqlRowToMessage,
  sqlRowToSubscription,
  subscriptionToSqlRow,
} from '@svc/store-sql';
import { SQLITE_CODEC, type SqliteTypes } from './sql-values.js';

/** A `webhook_subscriptions` row, as better-sqlite3 binds and reads it. */
export type SubscriptionRow = SubscriptionRowOf<SqliteTypes>;

/** The row that stores a subscription. */
export function subscriptionToRow(s: WebhookSubscription): SubscriptionRow {
  return subscriptionToSqlRow(SQLITE_CODEC, s);
}

/** The subscription a row stores. */
export function rowToSubscription(row: SubscriptionRow): WebhookSubscription {
  return sqlRowToSubscription(SQLITE_CODEC, row);
}

/** A `webhook_messages` row. */
export type MessageRow = MessageRowOf<SqliteTypes>;

/** The row that stores a message. */
export function messageToRow(m: WebhookMessage): MessageRow {
  return messageToSqlRow(SQLITE_CODEC, m);
}

/** The message a row stores. */
export function rowToMessage(row: MessageRow): WebhookMessage {
  return sqlRowToMessage(SQLITE_CODEC, row);
}

/** A `webhook_deliveries` row. */
export type DeliveryRow = DeliveryRowOf<SqliteTypes>;

/** The row that stores a delivery. */
export function deliveryToRow(d: WebhookDelivery): DeliveryRow {
  return deliveryToSqlRow(SQLITE_CODEC, d);
}

/** The delivery a row stores. */
export function rowToDelivery(row: DeliveryRow): WebhookDelivery {
  return sqlRowToDelivery(SQLITE_CODEC, row);
}

/** The columns of `webhook_attempts` an attempt binds (its id, owner and keys come from its delivery). */
export type NewAttemptRow = NewAttemptRowOf<SqliteTypes>;

/** A `webhook_attempts` row, as `SELECT *` reads it. */
export type AttemptRow = AttemptRowOf<SqliteTypes, number>;

/** The columns that record an attempt. */
export function attemptToRow(a: WebhookAttempt): NewAttemptRow {
  return attemptToSqlRow(SQLITE_CODEC, a);
}

/** The attempt a row records, with its id as the page cursor reads it. */
export function rowToAttempt(row: AttemptRow): RecordedAttempt {
  return sqlRowToAttempt(SQLITE_CODEC, row);
}
