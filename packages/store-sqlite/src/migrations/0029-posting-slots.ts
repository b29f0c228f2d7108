import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Each account's weekly posting slots (docs/queue.md): one row per account, the slots as the JSON
 * list core parsed (`[{ "day": "mon", "time": "09:30" }]`), removed with the account.
 */
export const migration0029PostingSlots: SqliteMigration = {
  id: '0029_posting_slots',
  sql: `
CREATE TABLE posting_slots (
  account_id TEXT PRIMARY KEY REFERENCES connected_accounts (id) ON DELETE CASCADE,
  time_zone TEXT NOT NULL,
  slots TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
`,
};
