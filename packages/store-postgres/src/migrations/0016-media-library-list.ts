import type { PostgresMigration } from '../postgres-migration.js';

/** The media library list (GET /api/v1/media): an owner's active assets newest first, by index. */
export const migration0016MediaLibraryList: PostgresMigration = {
  id: '0016_media_library_list',
  sql: `
CREATE INDEX media_assets_owner_list ON media_assets (owner_id, created_at DESC, id DESC)
  WHERE status = 'active';
`,
};
