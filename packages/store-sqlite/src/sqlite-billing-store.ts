import type { BillingStore } from '@svc/core';
import { type BillingEventRowOf, type BillingSubscriptionRowOf, saveSubscriptionSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { rowInserter } from './row-inserter.js';
import { NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type SubscriptionRow = BillingSubscriptionRowOf<SqliteTypes>;

type BillingEventRow = BillingEventRowOf<SqliteTypes>;

/** The BillingStore of a SQLite database. */
export function createSqliteBillingStore(db: Database.Database): BillingStore {
  const selectSubscription = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE user_id = ?',
  );
  const upsertSubscription = db.prepare<[SubscriptionRow]>(saveSubscriptionSql(NAMED));
  const insertEvent = rowInserter<BillingEventRow>(db, 'billing_events');
  const selectLastEvents = db.prepare<[string, number], BillingEventRow>(
    'SELECT * FROM billing_events WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ?',
  );
  return {
    async getSubscription(userId) {
      const row = selectSubscription.get(userId);
      return row === undefined ? null : SQLITE_ROWS.rowToBillingSubscription(row);
    },
    async saveSubscription(subscription) {
      upsertSubscription.run(SQLITE_ROWS.billingSubscriptionToRow(subscription));
    },
    async addEvent(event) {
      insertEvent(SQLITE_ROWS.billingEventToRow(event));
    },
    async lastEvents(userId, limit) {
      return selectLastEvents.all(userId, Math.max(0, limit)).map(SQLITE_ROWS.rowToBillingEvent);
    },
  };
}
