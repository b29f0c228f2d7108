import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The duplicate-content check reads an owner's posts of the same content (`content_hash`, core's
 * `contentHashOf`, written with every row) around a time. Rows written before this migration have
 * no hash and are not compared.
 */
export const migration0009PostContentHash: PostgresMigration = {
  id: '0009_post_content_hash',
  sql: `
ALTER TABLE posts ADD COLUMN content_hash text;

CREATE INDEX posts_owner_content ON posts (owner_id, content_hash, scheduled_time)
  WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL;
`,
};
