import type { BillingEvent, BillingStore, Subscription, SubscriptionStatus } from '@svc/core';
import type { Pool } from 'pg';
import { nullableNumberFromBigint } from './pg-values.js';

type SubscriptionRow = {
  user_id: string;
  status: string;
  plan: string | null;
  current_period_end: Date | null;
  purchased_handles: number;
  provider_customer_id: string | null;
  updated_at: Date;
};

type BillingEventRow = {
  id: string;
  user_id: string;
  at: Date;
  kind: string;
  amount_minor: string | null;
  currency: string | null;
  description: string | null;
};

function rowToSubscription(row: SubscriptionRow): Subscription {
  return {
    userId: row.user_id,
    status: row.status as SubscriptionStatus,
    plan: row.plan,
    currentPeriodEnd: row.current_period_end,
    purchasedHandles: row.purchased_handles,
    providerCustomerId: row.provider_customer_id,
    updatedAt: row.updated_at,
  };
}

function rowToEvent(row: BillingEventRow): BillingEvent {
  const minor = nullableNumberFromBigint(row.amount_minor);
  return {
    id: row.id,
    userId: row.user_id,
    at: row.at,
    kind: row.kind,
    amount: minor === null ? null : { minor, currency: row.currency },
    description: row.description,
  };
}

/** The BillingStore of a PostgreSQL database. */
export function createPostgresBillingStore(pool: Pool): BillingStore {
  return {
    async getSubscription(userId) {
      const result = await pool.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE user_id = $1', [
        userId,
      ]);
      const row = result.rows[0];
      return row === undefined ? null : rowToSubscription(row);
    },
    async saveSubscription(subscription) {
      await pool.query(
        `INSERT INTO subscriptions
           (user_id, status, plan, current_period_end, purchased_handles, provider_customer_id, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id) DO UPDATE SET
           status = excluded.status,
           plan = excluded.plan,
           current_period_end = excluded.current_period_end,
           purchased_handles = excluded.purchased_handles,
           provider_customer_id = excluded.provider_customer_id,
           updated_at = excluded.updated_at`,
        [
          subscription.userId,
          subscription.status,
          subscription.plan,
          subscription.currentPeriodEnd,
          subscription.purchasedHandles,
          subscription.providerCustomerId,
          subscription.updatedAt,
        ],
      );
    },
    async addEvent(event) {
      await pool.query(
        `INSERT INTO billing_events (id, user_id, at, kind, amount_minor, currency, description)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          event.id,
          event.userId,
          event.at,
          event.kind,
          event.amount?.minor ?? null,
          event.amount?.currency ?? null,
          event.description,
        ],
      );
    },
    async lastEvents(userId, limit) {
      const result = await pool.query<BillingEventRow>(
        'SELECT * FROM billing_events WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
        [userId, Math.max(0, Math.floor(limit))],
      );
      return result.rows.map(rowToEvent);
    },
  };
}
