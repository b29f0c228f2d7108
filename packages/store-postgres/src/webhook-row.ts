import type { WebhookAttempt } from '@svc/core';
import {
  type AttemptRowOf,
  DELIVERY_COLUMNS,
  type DeliveryRowOf,
  MESSAGE_COLUMNS,
  type MessageRowOf,
  type SubscriptionRowOf,
} from '@svc/store-sql';
import { arrayParamsIn, PG_ROWS, type PgTypes } from './pg-values.js';

// Rows come as pg reads columns (timestamptz as Date) or, when a query nests them with to_jsonb,
// as JSON (timestamps as text); PG_CODEC reads both.

const { messageToRow, deliveryToRow, attemptToRow } = PG_ROWS;

/** A `webhook_subscriptions` row. */
export type SubscriptionRow = SubscriptionRowOf<PgTypes>;

/** The subscription a row stores. */
export const { rowToSubscription } = PG_ROWS;

/** A `webhook_messages` row. */
export type MessageRow = MessageRowOf<PgTypes>;

/** One array parameter per MESSAGE_COLUMNS entry (@svc/store-sql), for an INSERT … SELECT FROM unnest(…). */
export const messageParams = arrayParamsIn(MESSAGE_COLUMNS, messageToRow);

/** The message a row stores. */
export const { rowToMessage } = PG_ROWS;

/** A `webhook_deliveries` row. */
export type DeliveryRow = DeliveryRowOf<PgTypes>;

/** One array parameter per DELIVERY_COLUMNS entry (@svc/store-sql), for an INSERT … SELECT FROM unnest(…). */
export const deliveryParams = arrayParamsIn(DELIVERY_COLUMNS, deliveryToRow);

/** The delivery a row stores. */
export const { rowToDelivery } = PG_ROWS;

/** A `webhook_attempts` row; its bigint id reads as a string, which is the page cursor. */
export type AttemptRow = AttemptRowOf<PgTypes, string>;

/**
 * The parameters of an attempt's own columns, in the order INSERT_ATTEMPT_SQL binds them ($5…$12):
 * the order of `NewAttemptRowOf`, which its row lists them in.
 */
export const attemptParams = (attempt: WebhookAttempt): unknown[] => Object.values(attemptToRow(attempt));

/** The attempt a row records. */
export const { rowToAttempt } = PG_ROWS;
