import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * What the media library needs: a storage usage counter per owner (the quota check reads one row),
 * the links each owner imported (importing a link again returns the same asset), and indexes for
 * "this owner already has these bytes" and "is this blob still used".
 */
export const migration0004MediaLibrary: SqliteMigration = {
  id: '0004_media_library',
  sql: `
CREATE TABLE media_usage (
  owner_id TEXT PRIMARY KEY,
  used_bytes INTEGER NOT NULL CHECK (used_bytes >= 0)
) STRICT, WITHOUT ROWID;

INSERT INTO media_usage (owner_id, used_bytes)
SELECT owner_id, SUM(size_bytes) FROM media_assets WHERE status = 'active' GROUP BY owner_id;

CREATE TABLE media_sources (
  owner_id TEXT NOT NULL,
  url TEXT NOT NULL,
  media_id TEXT NOT NULL,
  PRIMARY KEY (owner_id, url)
) STRICT, WITHOUT ROWID;

CREATE INDEX media_assets_owner_blob ON media_assets (owner_id, blob_key) WHERE status = 'active';
CREATE INDEX media_assets_blob ON media_assets (blob_key);
`,
};
