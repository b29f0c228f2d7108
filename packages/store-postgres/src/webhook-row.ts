import type { WebhookAttempt, WebhookDelivery, WebhookMessage, WebhookSubscription } from '@svc/core';
import type { AttemptRowOf, DeliveryRowOf, MessageRowOf, SubscriptionRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes } from './pg-values.js';

// Rows come as pg reads columns (timestamptz as Date) or, when a query nests them with to_jsonb,
// as JSON (timestamps as text); PG_CODEC reads both.

const { subscriptionToRow, messageToRow, deliveryToRow, attemptToRow } = PG_ROWS;

/** A `webhook_subscriptions` row. */
export type SubscriptionRow = SubscriptionRowOf<PgTypes>;

/** Every column of `webhook_subscriptions`, in the order `subscriptionParams` binds them. */
export const SUBSCRIPTION_COLUMNS = [
  'id',
  'owner_id',
  'url',
  'events',
  'description',
  'account_ids',
  'sealed_secret',
  'previous_sealed_secret',
  'previous_secret_until',
  'enabled',
  'disabled_reason',
  'disabled_at',
  'failing_since',
  'created_at',
  'updated_at',
] as const;

/** The parameters that store a subscription, in SUBSCRIPTION_COLUMNS order. */
export function subscriptionParams(s: WebhookSubscription): unknown[] {
  const row = subscriptionToRow(s);
  return SUBSCRIPTION_COLUMNS.map((column) => row[column]);
}

/** The subscription a row stores. */
export const { rowToSubscription } = PG_ROWS;

/** A `webhook_messages` row. */
export type MessageRow = MessageRowOf<PgTypes>;

/** The columns of `webhook_messages`, in the order `messageParams` binds them (as arrays). */
export const MESSAGE_COLUMNS = [
  'id',
  'owner_id',
  'event_type',
  'source_position',
  'payload',
  'created_at',
] as const;

/** One array parameter per MESSAGE_COLUMNS entry, for an INSERT … SELECT FROM unnest(…). */
export function messageParams(messages: readonly WebhookMessage[]): unknown[] {
  const rows = messages.map(messageToRow);
  return MESSAGE_COLUMNS.map((column) => rows.map((row) => row[column]));
}

/** The message a row stores. */
export const { rowToMessage } = PG_ROWS;

/** A `webhook_deliveries` row. */
export type DeliveryRow = DeliveryRowOf<PgTypes>;

/** The columns of `webhook_deliveries`, in the order `deliveryParams` binds them (as arrays). */
export const DELIVERY_COLUMNS = [
  'id',
  'subscription_id',
  'message_id',
  'owner_id',
  'status',
  'attempts',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
  'created_at',
  'updated_at',
  'delivered_at',
] as const;

/** One array parameter per DELIVERY_COLUMNS entry, for an INSERT … SELECT FROM unnest(…). */
export function deliveryParams(deliveries: readonly WebhookDelivery[]): unknown[] {
  const rows = deliveries.map(deliveryToRow);
  return DELIVERY_COLUMNS.map((column) => rows.map((row) => row[column]));
}

/** The delivery a row stores. */
export const { rowToDelivery } = PG_ROWS;

/** A `webhook_attempts` row; its bigint id reads as a string, which is the page cursor. */
export type AttemptRow = AttemptRowOf<PgTypes, string>;

/** An attempt's own columns, in the order INSERT_ATTEMPT_SQL binds them ($5…$12). */
const ATTEMPT_COLUMNS = [
  'event_type',
  'attempt_number',
  'started_at',
  'duration_ms',
  'status_code',
  'outcome',
  'error',
  'response_excerpt',
] as const;

/** The parameters of an attempt's own columns, in the order INSERT_ATTEMPT_SQL binds them ($5…$12). */
export function attemptParams(a: WebhookAttempt): unknown[] {
  const row = attemptToRow(a);
  return ATTEMPT_COLUMNS.map((column) => row[column]);
}

/** The attempt a row records. */
export const { rowToAttempt } = PG_ROWS;
