import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The media library list (GET /api/v1/media): an owner's active assets newest first, read in
 * index order a page at a time. Its WHERE clause must stay identical to the query's (SQLite
 * matches partial indexes term for term).
 */
export const migration0016MediaLibraryList: SqliteMigration = {
  id: '0016_media_library_list',
  sql: `
CREATE INDEX media_assets_owner_list ON media_assets (owner_id, created_at DESC, id DESC)
  WHERE status = 'active';
`,
};
