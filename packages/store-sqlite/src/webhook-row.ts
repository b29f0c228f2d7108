import type {
  AttemptRowOf,
  DeliveryRowOf,
  MessageRowOf,
  NewAttemptRowOf,
  SubscriptionRowOf,
} from '@svc/store-sql';
import { SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

/** A `webhook_subscriptions` row, as better-sqlite3 binds and reads it. */
export type SubscriptionRow = SubscriptionRowOf<SqliteTypes>;

/** A `webhook_messages` row. */
export type MessageRow = MessageRowOf<SqliteTypes>;

/** A `webhook_deliveries` row. */
export type DeliveryRow = DeliveryRowOf<SqliteTypes>;

/** The columns of `webhook_attempts` an attempt binds (its id, owner and keys come from its delivery). */
export type NewAttemptRow = NewAttemptRowOf<SqliteTypes>;

/** A `webhook_attempts` row, as `SELECT *` reads it. */
export type AttemptRow = AttemptRowOf<SqliteTypes, number>;

/** The rows that store webhook subscriptions, messages, deliveries and attempts, and what they store. */
export const {
  subscriptionToRow,
  rowToSubscription,
  messageToRow,
  rowToMessage,
  deliveryToRow,
  rowToDelivery,
  attemptToRow,
  rowToAttempt,
} = SQLITE_ROWS;
