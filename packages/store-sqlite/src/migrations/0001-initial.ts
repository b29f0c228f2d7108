import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The first schema: users, API keys, connected accounts, media assets, posts and the idempotency
 * records of post creation. Dates are INTEGER milliseconds since the epoch, booleans INTEGER 0/1,
 * structured values JSON TEXT. STRICT tables refuse values of the wrong storage class, so a
 * mapping bug fails loudly instead of storing a date as text.
 *
 * There are no foreign keys to `users`: rows are owned by ids the core hands over, and the stores
 * are used (and contract-tested) without the owner row being stored first.
 */
export const migration0001Initial: SqliteMigration = {
  id: '0001_initial',
  sql: `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL,
  beta_tester INTEGER NOT NULL CHECK (beta_tester IN (0, 1)),
  api_access_disabled INTEGER NOT NULL CHECK (api_access_disabled IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  name TEXT,
  secret_hash TEXT NOT NULL,
  scopes TEXT NOT NULL,
  account_ids TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  revoked_at INTEGER
) STRICT;

CREATE INDEX api_keys_owner_created ON api_keys (owner_id, created_at, id);

CREATE TABLE connected_accounts (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  platform TEXT NOT NULL,
  platform_account_id TEXT NOT NULL,
  handle TEXT NOT NULL,
  profile_url TEXT NOT NULL,
  profile_image_url TEXT,
  follower_count INTEGER,
  status TEXT NOT NULL,
  needs_reconnect INTEGER NOT NULL CHECK (needs_reconnect IN (0, 1)),
  sealed_credentials TEXT,
  token_expires_at INTEGER,
  connected_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (owner_id, platform, platform_account_id)
) STRICT;

CREATE TABLE media_assets (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  status TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  duration_ms INTEGER,
  blob_key TEXT,
  source_url TEXT,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE posts (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  status TEXT NOT NULL,
  caption TEXT NOT NULL,
  title TEXT,
  platforms TEXT NOT NULL,
  profile_ids TEXT NOT NULL,
  media TEXT NOT NULL,
  scheduled_time INTEGER,
  published_at INTEGER,
  failed_reason TEXT,
  external_id TEXT,
  permalink TEXT,
  platform_meta TEXT,
  category TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  due_at INTEGER,
  lease_owner TEXT,
  platform_post_id TEXT,
  publish_progress TEXT,
  deleted_at INTEGER,
  version INTEGER NOT NULL
) STRICT;

-- The publisher's work queue: only rows it may have to claim, in claim order. Posted, failed,
-- draft and deleted rows (nearly all of them, in time) stay out, so claiming stays cheap.
CREATE INDEX posts_due ON posts (due_at, id)
  WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL;

-- The scheduling quota counts an owner's posts created since the start of the window.
CREATE INDEX posts_owner_created ON posts (owner_id, created_at);

CREATE TABLE post_idempotency (
  owner_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  post_ids TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (owner_id, external_id)
) STRICT, WITHOUT ROWID;
`,
};
