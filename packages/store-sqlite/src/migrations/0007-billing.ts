import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Billing records the operator copies from their billing system: one subscription row per user
 * and an append-only event log, read newest first per user.
 */
export const migration0007Billing: SqliteMigration = {
  id: '0007_billing',
  sql: `
CREATE TABLE subscriptions (
  user_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  plan TEXT,
  current_period_end INTEGER,
  purchased_handles INTEGER NOT NULL DEFAULT 0 CHECK (purchased_handles >= 0),
  provider_customer_id TEXT,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE billing_events (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount_minor INTEGER,
  currency TEXT,
  description TEXT,
  CHECK (currency IS NULL OR amount_minor IS NOT NULL)
) STRICT;

CREATE INDEX billing_events_user_at ON billing_events (user_id, at DESC, id DESC);
`,
};
