import type { BillingEvent, Subscription, SubscriptionStatus } from '@svc/core';
import { orNull } from './or-null.js';
import { insertSql, type Placeholder } from './placeholder.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `subscriptions` row (a user's plan subscription) in a dialect's column types. */
export type BillingSubscriptionRowOf<T extends SqlTypes> = {
  user_id: string;
  status: string;
  plan: string | null;
  current_period_end: T['date'] | null;
  purchased_handles: number;
  provider_customer_id: string | null;
  updated_at: T['date'];
};

/** A `billing_events` row in a dialect's column types. */
export type BillingEventRowOf<T extends SqlTypes> = {
  id: string;
  user_id: string;
  at: T['date'];
  kind: string;
  amount_minor: T['bigint'] | null;
  currency: string | null;
  description: string | null;
};

/** The subscription a row stores. */
export function sqlRowToBillingSubscription<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: BillingSubscriptionRowOf<T>,
): Subscription {
  return {
    userId: row.user_id,
    status: row.status as SubscriptionStatus,
    plan: row.plan,
    currentPeriodEnd: orNull(row.current_period_end, codec.dateFromSql),
    purchasedHandles: row.purchased_handles,
    providerCustomerId: row.provider_customer_id,
    updatedAt: codec.dateFromSql(row.updated_at),
  };
}

/** The billing event a row stores. */
export function sqlRowToBillingEvent<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: BillingEventRowOf<T>,
): BillingEvent {
  const minor = orNull(row.amount_minor, codec.bigintFromSql);
  return {
    id: row.id,
    userId: row.user_id,
    at: codec.dateFromSql(row.at),
    kind: row.kind,
    amount: minor === null ? null : { minor, currency: row.currency },
    description: row.description,
  };
}

/** The columns of `subscriptions`, in the order a positional dialect binds them. */
export const SUBSCRIPTION_COLUMNS = [
  'user_id',
  'status',
  'plan',
  'current_period_end',
  'purchased_handles',
  'provider_customer_id',
  'updated_at',
] as const satisfies readonly (keyof BillingSubscriptionRowOf<SqlTypes>)[];

/** Saves a user's subscription: the row is replaced whole, under the same user id. */
export function saveSubscriptionSql(placeholder: Placeholder): string {
  return `${insertSql('subscriptions', SUBSCRIPTION_COLUMNS, placeholder)}
ON CONFLICT (user_id) DO UPDATE SET
  status = excluded.status,
  plan = excluded.plan,
  current_period_end = excluded.current_period_end,
  purchased_handles = excluded.purchased_handles,
  provider_customer_id = excluded.provider_customer_id,
  updated_at = excluded.updated_at`;
}

/** The row that stores a subscription. */
export function billingSubscriptionToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  subscription: Subscription,
): BillingSubscriptionRowOf<T> {
  return {
    user_id: subscription.userId,
    status: subscription.status,
    plan: subscription.plan,
    current_period_end: orNull(subscription.currentPeriodEnd, codec.dateToSql),
    purchased_handles: subscription.purchasedHandles,
    provider_customer_id: subscription.providerCustomerId,
    updated_at: codec.dateToSql(subscription.updatedAt),
  };
}

/** The row that stores a billing event. */
export function billingEventToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  event: BillingEvent,
): BillingEventRowOf<T> {
  return {
    id: event.id,
    user_id: event.userId,
    at: codec.dateToSql(event.at),
    kind: event.kind,
    amount_minor: orNull(event.amount?.minor ?? null, codec.bigintToSql),
    currency: event.amount?.currency ?? null,
    description: event.description,
  };
}
