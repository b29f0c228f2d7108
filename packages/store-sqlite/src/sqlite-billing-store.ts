import type { BillingStore } from '@svc/core';
import type { BillingEventRowOf, BillingSubscriptionRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { dateToSql, nullableDateToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type SubscriptionRow = BillingSubscriptionRowOf<SqliteTypes>;

type BillingEventRow = BillingEventRowOf<SqliteTypes>;

const { rowToBillingSubscription: rowToSubscription, rowToBillingEvent: rowToEvent } = SQLITE_ROWS;

/** The BillingStore of a SQLite database. */
export function createSqliteBillingStore(db: Database.Database): BillingStore {
  const selectSubscription = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE user_id = ?',
  );
  const upsertSubscription = db.prepare<[SubscriptionRow]>(
    `INSERT INTO subscriptions
       (user_id, status, plan, current_period_end, purchased_handles, provider_customer_id, updated_at)
     VALUES (@user_id, @status, @plan, @current_period_end, @purchased_handles, @provider_customer_id, @updated_at)
     ON CONFLICT (user_id) DO UPDATE SET
       status = excluded.status,
       plan = excluded.plan,
       current_period_end = excluded.current_period_end,
       purchased_handles = excluded.purchased_handles,
       provider_customer_id = excluded.provider_customer_id,
       updated_at = excluded.updated_at`,
  );
  const insertEvent = db.prepare<[BillingEventRow]>(
    `INSERT INTO billing_events (id, user_id, at, kind, amount_minor, currency, description)
     VALUES (@id, @user_id, @at, @kind, @amount_minor, @currency, @description)`,
  );
  const selectLastEvents = db.prepare<[string, number], BillingEventRow>(
    'SELECT * FROM billing_events WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ?',
  );
  return {
    async getSubscription(userId) {
      const row = selectSubscription.get(userId);
      return row === undefined ? null : rowToSubscription(row);
    },
    async saveSubscription(subscription) {
      upsertSubscription.run({
        user_id: subscription.userId,
        status: subscription.status,
        plan: subscription.plan,
        current_period_end: nullableDateToSql(subscription.currentPeriodEnd),
        purchased_handles: subscription.purchasedHandles,
        provider_customer_id: subscription.providerCustomerId,
        updated_at: dateToSql(subscription.updatedAt),
      });
    },
    async addEvent(event) {
      insertEvent.run({
        id: event.id,
        user_id: event.userId,
        at: dateToSql(event.at),
        kind: event.kind,
        amount_minor: event.amount?.minor ?? null,
        currency: event.amount?.currency ?? null,
        description: event.description,
      });
    },
    async lastEvents(userId, limit) {
      return selectLastEvents.all(userId, Math.max(0, limit)).map(rowToEvent);
    },
  };
}
