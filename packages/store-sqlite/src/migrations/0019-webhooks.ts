import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Outgoing webhooks. `webhook_subscriptions` holds each endpoint with its sealed signing secrets
 * (never the plain ones) and its health; `webhook_messages` each event as subscribers receive it,
 * its JSON body stored byte for byte; `webhook_deliveries` one row per (subscription, message),
 * with the delivery worker's lease; `webhook_attempts` the history of every try, numbered in the
 * order recorded (AUTOINCREMENT: a number is never reused, so a page cursor stays valid).
 * Deliveries and attempts go with their subscription (ON DELETE CASCADE); attempts have no key to
 * their delivery, which only ever goes with its subscription too. `journal_consumers` keeps a
 * journal follower's position with the lease of the process following it (the webhook fan-out).
 * The indexes are PostgreSQL's text too, so they come from @svc/store-sql, after the tables (the
 * order within the migration's transaction changes nothing it creates).
 */
export const migration0019Webhooks: SqliteMigration = {
  id: '0019_webhooks',
  sql: `
CREATE TABLE webhook_subscriptions (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  description TEXT,
  account_ids TEXT,
  sealed_secret TEXT NOT NULL,
  previous_sealed_secret TEXT,
  previous_secret_until INTEGER,
  enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  disabled_reason TEXT,
  disabled_at INTEGER,
  failing_since INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE webhook_messages (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  source_position TEXT,
  payload TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  message_id TEXT NOT NULL REFERENCES webhook_messages (id),
  owner_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL,
  next_attempt_at INTEGER,
  lease_owner TEXT,
  lease_until INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  UNIQUE (subscription_id, message_id)
) STRICT;

CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL,
  subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  attempt_number INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  status_code INTEGER,
  outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  error TEXT,
  response_excerpt TEXT
) STRICT;

CREATE TABLE journal_consumers (
  consumer TEXT PRIMARY KEY,
  position TEXT,
  lease_owner TEXT,
  lease_until INTEGER
) STRICT;

${SHARED_MIGRATION_SQL.webhookIndexes}
`,
};
