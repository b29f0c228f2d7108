import type {
  RecordedAttempt,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEventType,
  WebhookMessage,
  WebhookSubscription,
} from '@svc/core';
import { type ColumnMap, columnNames } from './column-map.js';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `webhook_subscriptions` row in a dialect's column types. */
export type SubscriptionRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  url: string;
  events: T['list'];
  description: string | null;
  account_ids: T['list'] | null;
  sealed_secret: string;
  previous_sealed_secret: string | null;
  previous_secret_until: T['date'] | null;
  enabled: T['flag'];
  disabled_reason: string | null;
  disabled_at: T['date'] | null;
  failing_since: T['date'] | null;
  created_at: T['date'];
  updated_at: T['date'];
};

/** The row that stores a subscription. */
export function subscriptionToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  s: WebhookSubscription,
): SubscriptionRowOf<T> {
  return {
    id: s.id,
    owner_id: s.ownerId,
    url: s.url,
    events: codec.listToSql(s.events),
    description: s.description,
    account_ids: orNull(s.accountIds, codec.listToSql),
    sealed_secret: s.sealedSecret,
    previous_sealed_secret: s.previousSealedSecret,
    previous_secret_until: orNull(s.previousSecretUntil, codec.dateToSql),
    enabled: codec.flagToSql(s.enabled),
    disabled_reason: s.disabledReason,
    disabled_at: orNull(s.disabledAt, codec.dateToSql),
    failing_since: orNull(s.failingSince, codec.dateToSql),
    created_at: codec.dateToSql(s.createdAt),
    updated_at: codec.dateToSql(s.updatedAt),
  };
}

/** The subscription a row stores. */
export function sqlRowToSubscription<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: SubscriptionRowOf<T>,
): WebhookSubscription {
  return {
    id: row.id,
    ownerId: row.owner_id,
    url: row.url,
    events: codec.listFromSql(row.events) as WebhookEventType[],
    description: row.description,
    accountIds: orNull(row.account_ids, codec.listFromSql),
    sealedSecret: row.sealed_secret,
    previousSealedSecret: row.previous_sealed_secret,
    previousSecretUntil: orNull(row.previous_secret_until, codec.dateFromSql),
    enabled: codec.flagFromSql(row.enabled),
    disabledReason: row.disabled_reason,
    disabledAt: orNull(row.disabled_at, codec.dateFromSql),
    failingSince: orNull(row.failing_since, codec.dateFromSql),
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
  };
}

/** A `webhook_messages` row in a dialect's column types. */
export type MessageRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  event_type: string;
  source_position: string | null;
  payload: string;
  created_at: T['date'];
};

/** The `webhook_messages` columns by message field, in `MessageRowOf`'s order. */
export const MESSAGE_MAP: ColumnMap<WebhookMessage, keyof MessageRowOf<SqlTypes>> = {
  id: 'id',
  ownerId: 'owner_id',
  eventType: 'event_type',
  sourcePosition: 'source_position',
  payload: 'payload',
  createdAt: ['created_at', 'date'],
};

/** The columns of `webhook_messages`, in the order a positional dialect binds them. */
export const MESSAGE_COLUMNS = columnNames(MESSAGE_MAP);

/** A `webhook_deliveries` row in a dialect's column types. */
export type DeliveryRowOf<T extends SqlTypes> = {
  id: string;
  subscription_id: string;
  message_id: string;
  owner_id: string;
  status: string;
  attempts: number;
  next_attempt_at: T['date'] | null;
  lease_owner: string | null;
  lease_until: T['date'] | null;
  created_at: T['date'];
  updated_at: T['date'];
  delivered_at: T['date'] | null;
};

/** The `webhook_deliveries` columns by delivery field, in `DeliveryRowOf`'s order. */
export const DELIVERY_MAP: ColumnMap<WebhookDelivery, keyof DeliveryRowOf<SqlTypes>> = {
  id: 'id',
  subscriptionId: 'subscription_id',
  messageId: 'message_id',
  ownerId: 'owner_id',
  status: 'status',
  attempts: 'attempts',
  nextAttemptAt: ['next_attempt_at', 'date?'],
  leaseOwner: 'lease_owner',
  leaseUntil: ['lease_until', 'date?'],
  createdAt: ['created_at', 'date'],
  updatedAt: ['updated_at', 'date'],
  deliveredAt: ['delivered_at', 'date?'],
};

/** The columns of `webhook_deliveries`, in the order a positional dialect binds them. */
export const DELIVERY_COLUMNS = columnNames(DELIVERY_MAP);

/** The columns of `webhook_attempts` an attempt binds (its id, owner and keys come from its delivery). */
export type NewAttemptRowOf<T extends SqlTypes> = {
  event_type: string;
  attempt_number: number;
  started_at: T['date'];
  duration_ms: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
};

/** A `webhook_attempts` row, as `SELECT *` reads it; its id (an integer, or a bigint pg reads as text) is the page cursor. */
export type AttemptRowOf<T extends SqlTypes, Id extends number | string> = NewAttemptRowOf<T> & {
  id: Id;
  delivery_id: string;
  subscription_id: string;
  message_id: string;
  owner_id: string;
};

/** The columns that record an attempt. */
export function attemptToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  a: WebhookAttempt,
): NewAttemptRowOf<T> {
  return {
    event_type: a.eventType,
    attempt_number: a.attemptNumber,
    started_at: codec.dateToSql(a.startedAt),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    outcome: a.outcome,
    error: a.error,
    response_excerpt: a.responseExcerpt,
  };
}

/** The attempt a row records, with its id as the page cursor reads it. */
export function sqlRowToAttempt<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: AttemptRowOf<T, number | string>,
): RecordedAttempt {
  return {
    id: String(row.id),
    deliveryId: row.delivery_id,
    subscriptionId: row.subscription_id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookEventType,
    attemptNumber: row.attempt_number,
    startedAt: codec.dateFromSql(row.started_at),
    durationMs: row.duration_ms,
    statusCode: row.status_code,
    outcome: row.outcome as WebhookAttempt['outcome'],
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}
