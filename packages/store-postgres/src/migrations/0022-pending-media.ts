import type { PostgresMigration } from '../postgres-migration.js';

/** Upload targets never completed, oldest first: what the upload-target sweep removes. */
export const migration0022PendingMedia: PostgresMigration = {
  id: '0022_pending_media',
  sql: `
CREATE INDEX media_assets_pending ON media_assets (created_at) WHERE status = 'pending';
`,
};
