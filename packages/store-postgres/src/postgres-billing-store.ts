import type { BillingStore } from '@svc/core';
import { type BillingEventRowOf, SUBSCRIPTION_COLUMNS, saveSubscriptionSql } from '@svc/store-sql';
import type { Pool } from 'pg';
import { insertRow } from './insert-row.js';
import { oneRow } from './one-row.js';
import { limitParam, PG_ROWS, type PgTypes, POSITIONAL, paramsIn } from './pg-values.js';

type BillingEventRow = BillingEventRowOf<PgTypes>;

const SAVE_SUBSCRIPTION_SQL = saveSubscriptionSql(POSITIONAL);

const subscriptionParams = paramsIn(SUBSCRIPTION_COLUMNS, PG_ROWS.billingSubscriptionToRow);

/** The BillingStore of a PostgreSQL database. */
export function createPostgresBillingStore(pool: Pool): BillingStore {
  return {
    async getSubscription(userId) {
      return oneRow(pool, PG_ROWS.rowToBillingSubscription)(
        'SELECT * FROM subscriptions WHERE user_id = $1',
        [userId],
      );
    },
    async saveSubscription(subscription) {
      await pool.query(SAVE_SUBSCRIPTION_SQL, subscriptionParams(subscription));
    },
    async addEvent(event) {
      await insertRow(pool, 'billing_events', PG_ROWS.billingEventToRow(event));
    },
    async lastEvents(userId, limit) {
      const result = await pool.query<BillingEventRow>(
        'SELECT * FROM billing_events WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
        [userId, limitParam(limit)],
      );
      return result.rows.map(PG_ROWS.rowToBillingEvent);
    },
  };
}
