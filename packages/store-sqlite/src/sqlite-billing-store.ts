import type { BillingStore } from '@svc/core';
import {
  BILLING_EVENT_COLUMNS,
  type BillingEventRowOf,
  type BillingSubscriptionRowOf,
  insertSql,
  saveSubscriptionSql,
} from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type SubscriptionRow = BillingSubscriptionRowOf<SqliteTypes>;

type BillingEventRow = BillingEventRowOf<SqliteTypes>;

const {
  billingSubscriptionToRow: subscriptionToRow,
  rowToBillingSubscription: rowToSubscription,
  billingEventToRow: eventToRow,
  rowToBillingEvent: rowToEvent,
} = SQLITE_ROWS;

/** The BillingStore of a SQLite database. */
export function createSqliteBillingStore(db: Database.Database): BillingStore {
  const selectSubscription = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE user_id = ?',
  );
  const upsertSubscription = db.prepare<[SubscriptionRow]>(saveSubscriptionSql(NAMED));
  const insertEvent = db.prepare<[BillingEventRow]>(
    insertSql('billing_events', BILLING_EVENT_COLUMNS, NAMED),
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
      upsertSubscription.run(subscriptionToRow(subscription));
    },
    async addEvent(event) {
      insertEvent.run(eventToRow(event));
    },
    async lastEvents(userId, limit) {
      return selectLastEvents.all(userId, Math.max(0, limit)).map(rowToEvent);
    },
  };
}
