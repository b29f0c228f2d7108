import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Follower counts, read once a day per account. `account_follower_reads` keeps when each account's
 * count was last handed to a collector; an account never read has no row. The count itself goes
 * to `connected_accounts.follower_count`, which is left as it is.
 */
export const migration0012FollowerReads: PostgresMigration = {
  id: '0012_follower_reads',
  sql: `
CREATE TABLE account_follower_reads (
  account_id text COLLATE "C" PRIMARY KEY,
  read_at timestamptz NOT NULL
);
`,
};
