import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The media library (SQLite 0001 and 0004): asset records, a storage usage counter per owner (the
 * quota check reads one row), the links each owner imported, and indexes for "this owner already
 * has these bytes" and "is this blob still used".
 */
export const migration0004MediaLibrary: PostgresMigration = {
  id: '0004_media_library',
  sql: `
CREATE TABLE media_assets (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  status text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL,
  width integer,
  height integer,
  duration_ms bigint,
  blob_key text,
  source_url text,
  created_at timestamptz NOT NULL
);

CREATE INDEX media_assets_owner_blob ON media_assets (owner_id, blob_key) WHERE status = 'active';
CREATE INDEX media_assets_blob ON media_assets (blob_key);

CREATE TABLE media_usage (
  owner_id text PRIMARY KEY,
  used_bytes bigint NOT NULL CHECK (used_bytes >= 0)
);

CREATE TABLE media_sources (
  owner_id text NOT NULL,
  url text NOT NULL,
  media_id text NOT NULL,
  PRIMARY KEY (owner_id, url)
);
`,
};
