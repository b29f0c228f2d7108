import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Outgoing webhooks. `webhook_subscriptions` holds each endpoint with its sealed signing secrets
 * (never the plain ones) and its health; `webhook_messages` each event as subscribers receive it,
 * its JSON body kept as text so it is sent byte for byte; `webhook_deliveries` one row per
 * (subscription, message), with the delivery worker's lease; `webhook_attempts` the history of
 * every try, numbered in the order recorded. Deliveries and attempts go with their subscription
 * (ON DELETE CASCADE); attempts have no key to their delivery, which only ever goes with its
 * subscription too. `journal_consumers` keeps a journal follower's position with the lease of the
 * process following it (the webhook fan-out). Ids sort in "C" order, as the memory and SQLite
 * stores compare them. The indexes are SQLite's text too, so they come from @svc/store-sql, after
 * the tables (the order within the migration's transaction changes nothing it creates).
 */
export const migration0019Webhooks: PostgresMigration = {
  id: '0019_webhooks',
  sql: `
CREATE TABLE webhook_subscriptions (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  account_ids text[],
  sealed_secret text NOT NULL,
  previous_sealed_secret text,
  previous_secret_until timestamptz,
  enabled boolean NOT NULL,
  disabled_reason text,
  disabled_at timestamptz,
  failing_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE webhook_messages (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  event_type text NOT NULL,
  source_position text,
  payload text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  id text COLLATE "C" PRIMARY KEY,
  subscription_id text COLLATE "C" NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  message_id text COLLATE "C" NOT NULL REFERENCES webhook_messages (id),
  owner_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL,
  next_attempt_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (subscription_id, message_id)
);

CREATE TABLE webhook_attempts (
  id bigserial PRIMARY KEY,
  delivery_id text COLLATE "C" NOT NULL,
  subscription_id text COLLATE "C" NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
  message_id text COLLATE "C" NOT NULL,
  owner_id text NOT NULL,
  event_type text NOT NULL,
  attempt_number integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  error text,
  response_excerpt text
);

CREATE TABLE journal_consumers (
  consumer text PRIMARY KEY,
  position text,
  lease_owner text,
  lease_until timestamptz
);

${SHARED_MIGRATION_SQL.webhookIndexes}
`,
};
