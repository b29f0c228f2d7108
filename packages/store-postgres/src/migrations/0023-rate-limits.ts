import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Rate-limit counters shared by every server on the database (docs/rate-limits.md). UNLOGGED:
 * counters live a minute or a quarter of an hour, so skipping the write-ahead log makes the one
 * write per request cheaper, and losing them in a crash (PostgreSQL empties unlogged tables on
 * recovery, and standbys do not get them) only gives callers a fresh allowance.
 */
export const migration0023RateLimits: PostgresMigration = {
  id: '0023_rate_limits',
  sql: `
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_limit_counters_window_end ON rate_limit_counters (window_end);
`,
};
