import type { BillingEvent, Subscription } from '@svc/core';
import { type ColumnMap, columnNames } from './column-map.js';
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

/** The `subscriptions` columns by subscription field, in `BillingSubscriptionRowOf`'s order. */
export const SUBSCRIPTION_MAP: ColumnMap<Subscription, keyof BillingSubscriptionRowOf<SqlTypes>> = {
  userId: 'user_id',
  status: 'status',
  plan: 'plan',
  currentPeriodEnd: ['current_period_end', 'date?'],
  purchasedHandles: 'purchased_handles',
  providerCustomerId: 'provider_customer_id',
  updatedAt: ['updated_at', 'date'],
};

/** The columns of `subscriptions`, in the order a positional dialect binds them. */
export const SUBSCRIPTION_COLUMNS = columnNames(SUBSCRIPTION_MAP);

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
