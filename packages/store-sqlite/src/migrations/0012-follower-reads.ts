import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * When each account's follower count was last read: the daily follower read claims an account by
 * writing its row, so no other collector reads it again that day. An account never read has none.
 */
export const migration0012FollowerReads: SqliteMigration = {
  id: '0012_follower_reads',
  sql: `
CREATE TABLE account_follower_reads (
  account_id TEXT PRIMARY KEY,
  read_at INTEGER NOT NULL
) STRICT;
`,
};
