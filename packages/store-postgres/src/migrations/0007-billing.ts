import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Billing records the operator copies from their billing system: one subscription row per user
 * and an append-only event log, read newest first per user.
 */
export const migration0007Billing: PostgresMigration = {
  id: '0007_billing',
  sql: `
CREATE TABLE subscriptions (
  user_id text PRIMARY KEY,
  status text NOT NULL,
  plan text,
  current_period_end timestamptz,
  purchased_handles integer NOT NULL DEFAULT 0 CHECK (purchased_handles >= 0),
  provider_customer_id text,
  updated_at timestamptz NOT NULL
);

CREATE TABLE billing_events (
  id text COLLATE "C" PRIMARY KEY,
  user_id text NOT NULL,
  at timestamptz NOT NULL,
  kind text NOT NULL,
  amount_minor bigint,
  currency text,
  description text,
  CHECK (currency IS NULL OR amount_minor IS NOT NULL)
);

CREATE INDEX billing_events_user_at ON billing_events (user_id, at DESC, id DESC);
`,
};
