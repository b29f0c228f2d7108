import type { PostingSchedule, PostingSlotStore } from '@svc/core';
import type Database from 'better-sqlite3';

type SlotsRow = { time_zone: string; slots: string };

/** The PostingSlotStore of a SQLite database: one row per account in `posting_slots`. */
export function createSqlitePostingSlotStore(db: Database.Database): PostingSlotStore {
  const select = db.prepare<[string], SlotsRow>(
    'SELECT time_zone, slots FROM posting_slots WHERE account_id = ?',
  );
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO posting_slots (account_id, time_zone, slots, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET
       time_zone = excluded.time_zone, slots = excluded.slots, updated_at = excluded.updated_at`,
  );
  return {
    async getPostingSchedule(accountId) {
      return scheduleOfRow(select.get(accountId));
    },
    async replacePostingSchedule(accountId, schedule, at) {
      upsert.run(accountId, schedule.timeZone, JSON.stringify(schedule.slots), at.getTime());
    },
  };
}

/** A schedule from its row (read inside a post batch too); null when the account has none. */
export function scheduleOfRow(row: SlotsRow | undefined): PostingSchedule | null {
  return row === undefined ? null : { timeZone: row.time_zone, slots: JSON.parse(row.slots) };
}
