import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * A usage counter per owner and quota window (a calendar month, UTC), so checking the scheduling
 * quota reads one row instead of counting the month's posts. Backfilled from the posts that
 * exist, by the month they were created in.
 */
export const migration0002QuotaUsage: SqliteMigration = {
  id: '0002_quota_usage',
  sql: `
CREATE TABLE post_quota_usage (
  owner_id TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  used INTEGER NOT NULL CHECK (used >= 0),
  PRIMARY KEY (owner_id, window_start)
) STRICT, WITHOUT ROWID;

INSERT INTO post_quota_usage (owner_id, window_start, used)
SELECT owner_id,
       CAST(strftime('%s', created_at / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000,
       COUNT(*)
FROM posts
WHERE status NOT IN ('draft', 'pending_approval')
GROUP BY 1, 2;
`,
};
