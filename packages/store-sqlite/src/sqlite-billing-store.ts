import type { BillingEvent, BillingStore, Subscription, SubscriptionStatus } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, nullableDateFromSql, nullableDateToSql } from './sql-values.js';

type SubscriptionRow = {
  user_id: string;
  status: string;
  plan: string | null;
  current_period_end: number | null;
  purchased_handles: number;
  provider_customer_id: string | null;
  updated_at: number;
};

type BillingEventRow = {
  id: string;
  user_id: string;
  at: number;
  kind: string;
  amount_minor: number | null;
  currency: string | null;
  description: string | null;
};

function rowToSubscription(row: SubscriptionRow): Subscription {
  return {
    userId: row.user_id,
    status: row.status as SubscriptionStatus,
    plan: row.plan,
    currentPeriodEnd: nullableDateFromSql(row.current_period_end),
    purchasedHandles: row.purchased_handles,
    providerCustomerId: row.provider_customer_id,
    updatedAt: dateFromSql(row.updated_at),
  };
}

function rowToEvent(row: BillingEventRow): BillingEvent {
  return {
    id: row.id,
    userId: row.user_id,
    at: dateFromSql(row.at),
    kind: row.kind,
    amount: row.amount_minor === null ? null : { minor: row.amount_minor, currency: row.currency },
    description: row.description,
  };
}

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
