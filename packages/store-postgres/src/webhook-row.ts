import type {
  RecordedAttempt,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookMessage,
  WebhookSubscription,
} from '@svc/core';
import { dateFromPg, nullableDateFromPg } from './pg-values.js';

// Rows come as pg reads columns (timestamptz as Date) or, when a query nests them with to_jsonb,
// as JSON (timestamps as text); the mappers read both.
type PgDate = Date | string;

/** A `webhook_subscriptions` row. */
export type SubscriptionRow = {
  id: string;
  owner_id: string;
  url: string;
  events: string[];
  description: string | null;
  account_ids: string[] | null;
  sealed_secret: string;
  previous_sealed_secret: string | null;
  previous_secret_until: PgDate | null;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: PgDate | null;
  failing_since: PgDate | null;
  created_at: PgDate;
  updated_at: PgDate;
};

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
  return [
    s.id,
    s.ownerId,
    s.url,
    s.events,
    s.description,
    s.accountIds,
    s.sealedSecret,
    s.previousSealedSecret,
    s.previousSecretUntil,
    s.enabled,
    s.disabledReason,
    s.disabledAt,
    s.failingSince,
    s.createdAt,
    s.updatedAt,
  ];
}

/** The subscription a row stores. */
export function rowToSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    ownerId: row.owner_id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    accountIds: row.account_ids,
    sealedSecret: row.sealed_secret,
    previousSealedSecret: row.previous_sealed_secret,
    previousSecretUntil: nullableDateFromPg(row.previous_secret_until),
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: nullableDateFromPg(row.disabled_at),
    failingSince: nullableDateFromPg(row.failing_since),
    createdAt: dateFromPg(row.created_at),
    updatedAt: dateFromPg(row.updated_at),
  };
}

/** A `webhook_messages` row. */
export type MessageRow = {
  id: string;
  owner_id: string;
  event_type: string;
  source_position: string | null;
  payload: string;
  created_at: PgDate;
};

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
  return [
    messages.map((m) => m.id),
    messages.map((m) => m.ownerId),
    messages.map((m) => m.eventType),
    messages.map((m) => m.sourcePosition),
    messages.map((m) => m.payload),
    messages.map((m) => m.createdAt),
  ];
}

/** The message a row stores. */
export function rowToMessage(row: MessageRow): WebhookMessage {
  return {
    id: row.id,
    ownerId: row.owner_id,
    eventType: row.event_type as WebhookEventType,
    sourcePosition: row.source_position,
    payload: row.payload,
    createdAt: dateFromPg(row.created_at),
  };
}

/** A `webhook_deliveries` row. */
export type DeliveryRow = {
  id: string;
  subscription_id: string;
  message_id: string;
  owner_id: string;
  status: string;
  attempts: number;
  next_attempt_at: PgDate | null;
  lease_owner: string | null;
  lease_until: PgDate | null;
  created_at: PgDate;
  updated_at: PgDate;
  delivered_at: PgDate | null;
};

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
  return [
    deliveries.map((d) => d.id),
    deliveries.map((d) => d.subscriptionId),
    deliveries.map((d) => d.messageId),
    deliveries.map((d) => d.ownerId),
    deliveries.map((d) => d.status),
    deliveries.map((d) => d.attempts),
    deliveries.map((d) => d.nextAttemptAt),
    deliveries.map((d) => d.leaseOwner),
    deliveries.map((d) => d.leaseUntil),
    deliveries.map((d) => d.createdAt),
    deliveries.map((d) => d.updatedAt),
    deliveries.map((d) => d.deliveredAt),
  ];
}

/** The delivery a row stores. */
export function rowToDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    messageId: row.message_id,
    ownerId: row.owner_id,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: nullableDateFromPg(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    leaseUntil: nullableDateFromPg(row.lease_until),
    createdAt: dateFromPg(row.created_at),
    updatedAt: dateFromPg(row.updated_at),
    deliveredAt: nullableDateFromPg(row.delivered_at),
  };
}

/** A `webhook_attempts` row; its bigint id reads as a string, which is the page cursor. */
export type AttemptRow = {
  id: string;
  delivery_id: string;
  subscription_id: string;
  message_id: string;
  owner_id: string;
  event_type: string;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
};

/** The parameters of an attempt's own columns, in the order FINISH_ATTEMPT_SQL binds them ($7…$14). */
export function attemptParams(a: WebhookAttempt): unknown[] {
  return [
    a.eventType,
    a.attemptNumber,
    a.startedAt,
    a.durationMs,
    a.statusCode,
    a.outcome,
    a.error,
    a.responseExcerpt,
  ];
}

/** The attempt a row records. */
export function rowToAttempt(row: AttemptRow): RecordedAttempt {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    subscriptionId: row.subscription_id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookEventType,
    attemptNumber: row.attempt_number,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    outcome: row.outcome as WebhookAttempt['outcome'],
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}
