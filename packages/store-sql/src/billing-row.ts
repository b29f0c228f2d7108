import type { BillingEvent, Subscription, SubscriptionStatus } from '@svc/core';
import { orNull } from './or-null.js';
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
