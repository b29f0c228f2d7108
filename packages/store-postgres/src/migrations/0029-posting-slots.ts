import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Each account's weekly posting slots (docs/queue.md): one row per account, the slots as the JSON
 * list core parsed (`[{ "day": "mon", "time": "09:30" }]`), removed with the account.
 */
export const migration0029PostingSlots: PostgresMigration = {
  id: '0029_posting_slots',
  sql: `
CREATE TABLE posting_slots (
  account_id text COLLATE "C" PRIMARY KEY REFERENCES connected_accounts (id) ON DELETE CASCADE,
  time_zone text NOT NULL,
  slots jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
`,
};
