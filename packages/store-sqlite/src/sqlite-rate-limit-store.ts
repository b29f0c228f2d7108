import type { RateLimitStore } from '@svc/core';
import type Database from 'better-sqlite3';

type HitParams = { key: string; now: number; end: number; cost: number };

/**
 * The RateLimitStore of a SQLite database: each hit is one upsert with RETURNING, atomic under
 * the file's write lock, so processes sharing the file count every hit once. A counter whose
 * window ended restarts in the same statement (all SET expressions read the row as it was).
 */
export function createSqliteRateLimitStore(db: Database.Database): RateLimitStore {
  const hit = db.prepare<[HitParams], { count: number; window_start: number }>(
    `INSERT INTO rate_limit_counters (key, window_start, window_end, count) VALUES (@key, @now, @end, @cost)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN window_end <= @now THEN @cost ELSE count + @cost END,
       window_start = CASE WHEN window_end <= @now THEN @now ELSE window_start END,
       window_end = CASE WHEN window_end <= @now THEN @end ELSE window_end END
     RETURNING count, window_start`,
  );
  const sweep = db.prepare<[number]>('DELETE FROM rate_limit_counters WHERE window_end <= ?');
  return {
    async hit(key, now, windowMs, cost) {
      const at = now.getTime();
      const row = hit.get({ key, now: at, end: at + windowMs, cost });
      if (row === undefined) throw new Error('The rate-limit upsert returned no row.');
      return { count: row.count, windowStart: new Date(row.window_start) };
    },
    async deleteExpired(now) {
      return sweep.run(now.getTime()).changes;
    },
  };
}
