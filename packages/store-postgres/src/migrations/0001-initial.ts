import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The first schema: users, API keys, connected accounts, media assets, posts, the idempotency
 * records of post creation and the scheduling quota's usage counters. It is the final schema of
 * SQLite migrations 0001–0003 written afresh: dates are timestamptz, id lists text[], structured
 * values jsonb. Ids sort with the "C" collation, byte by byte, so ties break as in SQLite and the
 * memory store whatever the database's locale.
 *
 * There are no foreign keys to `users`: rows are owned by ids the core hands over, and the stores
 * are used (and contract-tested) without the owner row being stored first.
 */
export const migration0001Initial: PostgresMigration = {
  id: '0001_initial',
  sql: `
CREATE TABLE users (
  id text COLLATE "C" PRIMARY KEY,
  email text NOT NULL UNIQUE,
  plan jsonb NOT NULL,
  beta_tester boolean NOT NULL,
  api_access_disabled boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE api_keys (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  name text,
  secret_hash text NOT NULL,
  scopes text[] NOT NULL,
  account_ids text[],
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  revoked_at timestamptz
);

CREATE INDEX api_keys_owner_created ON api_keys (owner_id, created_at, id);

CREATE TABLE connected_accounts (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  platform text NOT NULL,
  platform_account_id text NOT NULL,
  handle text NOT NULL,
  profile_url text NOT NULL,
  profile_image_url text,
  follower_count bigint,
  status text NOT NULL,
  needs_reconnect boolean NOT NULL,
  sealed_credentials text,
  token_expires_at timestamptz,
  connected_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (owner_id, platform, platform_account_id)
);

CREATE INDEX connected_accounts_owner_active ON connected_accounts (owner_id, connected_at, id)
  WHERE status = 'active';

CREATE TABLE posts (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  status text NOT NULL,
  caption text NOT NULL,
  title text,
  name text,
  platforms text[] NOT NULL,
  profile_ids text[] NOT NULL,
  media jsonb NOT NULL,
  scheduled_time timestamptz,
  published_at timestamptz,
  failed_reason text,
  external_id text,
  permalink text,
  platform_meta jsonb,
  category text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  attempts integer NOT NULL,
  due_at timestamptz,
  lease_owner text,
  platform_post_id text,
  publish_progress jsonb,
  deleted_at timestamptz,
  version integer NOT NULL
);

-- The publisher's work queue: only rows it may have to claim, in claim order. Posted, failed,
-- draft and deleted rows (nearly all of them, in time) stay out, so claiming stays cheap.
CREATE INDEX posts_due ON posts (due_at, id)
  WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL;

CREATE TABLE post_idempotency (
  owner_id text NOT NULL,
  external_id text NOT NULL,
  fingerprint text NOT NULL,
  post_ids text[] NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (owner_id, external_id)
);

-- One usage counter per owner and quota window: checking the quota reads one row.
CREATE TABLE post_quota_usage (
  owner_id text NOT NULL,
  window_start timestamptz NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (owner_id, window_start)
);
`,
};
