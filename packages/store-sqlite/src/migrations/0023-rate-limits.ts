import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Rate-limit counters shared by every process on the file (docs/rate-limits.md): one row per
 * counter, its window's start and end in epoch milliseconds. WITHOUT ROWID, because every read
 * and write goes by key. No index on `window_end`: the upsert runs on every request and an index
 * would be one more page to write each time (a quarter of the write's cost, measured), while the
 * hourly sweep scans a table that holds only the callers of the last hour.
 */
export const migration0023RateLimits: SqliteMigration = {
  id: '0023_rate_limits',
  sql: `
CREATE TABLE rate_limit_counters (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  window_end INTEGER NOT NULL,
  count INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
