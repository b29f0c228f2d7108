import type {
  RecordedAttempt,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEventType,
  WebhookMessage,
  WebhookSubscription,
} from '@svc/core';
import {
  dateFromSql,
  dateToSql,
  flagFromSql,
  flagToSql,
  jsonFromSql,
  jsonToSql,
  nullableDateFromSql,
  nullableDateToSql,
  nullableJsonFromSql,
  nullableJsonToSql,
} from './sql-values.js';

/** A `webhook_subscriptions` row, as better-sqlite3 binds and reads it. */
export type SubscriptionRow = {
  id: string;
  owner_id: string;
  url: string;
  events: string;
  description: string | null;
  account_ids: string | null;
  sealed_secret: string;
  previous_sealed_secret: string | null;
  previous_secret_until: number | null;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: number | null;
  failing_since: number | null;
  created_at: number;
  updated_at: number;
};

/** The row that stores a subscription. */
export function subscriptionToRow(s: WebhookSubscription): SubscriptionRow {
  return {
    id: s.id,
    owner_id: s.ownerId,
    url: s.url,
    events: jsonToSql(s.events),
    description: s.description,
    account_ids: nullableJsonToSql(s.accountIds),
    sealed_secret: s.sealedSecret,
    previous_sealed_secret: s.previousSealedSecret,
    previous_secret_until: nullableDateToSql(s.previousSecretUntil),
    enabled: flagToSql(s.enabled),
    disabled_reason: s.disabledReason,
    disabled_at: nullableDateToSql(s.disabledAt),
    failing_since: nullableDateToSql(s.failingSince),
    created_at: dateToSql(s.createdAt),
    updated_at: dateToSql(s.updatedAt),
  };
}

/** The subscription a row stores. */
export function rowToSubscription(row: SubscriptionRow): WebhookSubscription {
  return {
    id: row.id,
    ownerId: row.owner_id,
    url: row.url,
    events: jsonFromSql<WebhookEventType[]>(row.events),
    description: row.description,
    accountIds: nullableJsonFromSql<string[]>(row.account_ids),
    sealedSecret: row.sealed_secret,
    previousSealedSecret: row.previous_sealed_secret,
    previousSecretUntil: nullableDateFromSql(row.previous_secret_until),
    enabled: flagFromSql(row.enabled),
    disabledReason: row.disabled_reason,
    disabledAt: nullableDateFromSql(row.disabled_at),
    failingSince: nullableDateFromSql(row.failing_since),
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
  };
}

/** A `webhook_messages` row. */
export type MessageRow = {
  id: string;
  owner_id: string;
  event_type: string;
  source_position: string | null;
  payload: string;
  created_at: number;
};

/** The row that stores a message. */
export function messageToRow(m: WebhookMessage): MessageRow {
  return {
    id: m.id,
    owner_id: m.ownerId,
    event_type: m.eventType,
    source_position: m.sourcePosition,
    payload: m.payload,
    created_at: dateToSql(m.createdAt),
  };
}

/** The message a row stores. */
export function rowToMessage(row: MessageRow): WebhookMessage {
  return {
    id: row.id,
    ownerId: row.owner_id,
    eventType: row.event_type as WebhookEventType,
    sourcePosition: row.source_position,
    payload: row.payload,
    createdAt: dateFromSql(row.created_at),
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
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
};

/** The row that stores a delivery. */
export function deliveryToRow(d: WebhookDelivery): DeliveryRow {
  return {
    id: d.id,
    subscription_id: d.subscriptionId,
    message_id: d.messageId,
    owner_id: d.ownerId,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: nullableDateToSql(d.nextAttemptAt),
    lease_owner: d.leaseOwner,
    lease_until: nullableDateToSql(d.leaseUntil),
    created_at: dateToSql(d.createdAt),
    updated_at: dateToSql(d.updatedAt),
    delivered_at: nullableDateToSql(d.deliveredAt),
  };
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
    nextAttemptAt: nullableDateFromSql(row.next_attempt_at),
    leaseOwner: row.lease_owner,
    leaseUntil: nullableDateFromSql(row.lease_until),
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
    deliveredAt: nullableDateFromSql(row.delivered_at),
  };
}

/** The columns of `webhook_attempts` an attempt binds (its id, owner and keys come from its delivery). */
export type NewAttemptRow = {
  event_type: string;
  attempt_number: number;
  started_at: number;
  duration_ms: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
};

/** A `webhook_attempts` row, as `SELECT *` reads it. */
export type AttemptRow = NewAttemptRow & {
  id: number;
  delivery_id: string;
  subscription_id: string;
  message_id: string;
  owner_id: string;
};

/** The columns that record an attempt. */
export function attemptToRow(a: WebhookAttempt): NewAttemptRow {
  return {
    event_type: a.eventType,
    attempt_number: a.attemptNumber,
    started_at: dateToSql(a.startedAt),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    outcome: a.outcome,
    error: a.error,
    response_excerpt: a.responseExcerpt,
  };
}

/** The attempt a row records, with its id as the page cursor reads it. */
export function rowToAttempt(row: AttemptRow): RecordedAttempt {
  return {
    id: String(row.id),
    deliveryId: row.delivery_id,
    subscriptionId: row.subscription_id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookEventType,
    attemptNumber: row.attempt_number,
    startedAt: dateFromSql(row.started_at),
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    outcome: row.outcome as WebhookAttempt['outcome'],
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}
