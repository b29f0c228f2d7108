import type { RateLimitStore } from '@svc/core';
import type { Pool } from 'pg';

// Named, so each pooled connection parses and plans it once: it runs on every API request.
const HIT = {
  name: 'rate_limit_hit',
  text: `INSERT INTO rate_limit_counters AS c (key, window_start, window_end, count) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN c.window_end <= $2 THEN $4 ELSE c.count + $4 END,
       window_start = CASE WHEN c.window_end <= $2 THEN $2 ELSE c.window_start END,
       window_end = CASE WHEN c.window_end <= $2 THEN $3 ELSE c.window_end END
     RETURNING count, window_start`,
};

/**
 * The RateLimitStore of a PostgreSQL database: each hit is one `INSERT … ON CONFLICT … DO UPDATE
 * … RETURNING`, which locks the counter's row, so concurrent hits from every server queue on it
 * and each is counted once. A counter whose window ended restarts in the same statement.
 */
export function createPostgresRateLimitStore(pool: Pool): RateLimitStore {
  return {
    async hit(key, now, windowMs, cost) {
      const end = new Date(now.getTime() + windowMs);
      const result = await pool.query<{ count: number; window_start: Date }>({
        ...HIT,
        values: [key, now, end, cost],
      });
      const row = result.rows[0];
      if (row === undefined) throw new Error('The rate-limit upsert returned no row.');
      return { count: row.count, windowStart: row.window_start };
    },
    async deleteExpired(now) {
      return (
        (await pool.query('DELETE FROM rate_limit_counters WHERE window_end <= $1', [now])).rowCount ?? 0
      );
    },
  };
}
