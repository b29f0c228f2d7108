import type { BillingStore } from '@svc/core';
import type { BillingEventRowOf, BillingSubscriptionRowOf } from '@svc/store-sql';
import type { Pool } from 'pg';
import { PG_ROWS, type PgTypes } from './pg-values.js';

type SubscriptionRow = BillingSubscriptionRowOf<PgTypes>;

type BillingEventRow = BillingEventRowOf<PgTypes>;

const { rowToBillingSubscription: rowToSubscription, rowToBillingEvent: rowToEvent } = PG_ROWS;

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
