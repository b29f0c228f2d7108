import type { PostingSchedule, PostingSlotStore } from '@svc/core';
import type { Pool } from 'pg';
import { jsonParam } from './pg-values.js';

/** The PostingSlotStore of a PostgreSQL database: one row per account in `posting_slots`. */
export function createPostgresPostingSlotStore(pool: Pool): PostingSlotStore {
  return {
    async getPostingSchedule(accountId) {
      const { rows } = await pool.query<{ time_zone: string; slots: PostingSchedule['slots'] }>(
        'SELECT time_zone, slots FROM posting_slots WHERE account_id = $1',
        [accountId],
      );
      const row = rows[0];
      return row === undefined ? null : { timeZone: row.time_zone, slots: row.slots };
    },
    async replacePostingSchedule(accountId, schedule, at) {
      await pool.query(
        `INSERT INTO posting_slots (account_id, time_zone, slots, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET
           time_zone = excluded.time_zone, slots = excluded.slots, updated_at = excluded.updated_at`,
        [accountId, schedule.timeZone, jsonParam(schedule.slots), at],
      );
    },
  };
}
