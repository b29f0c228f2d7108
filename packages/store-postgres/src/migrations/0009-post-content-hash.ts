import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
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

${SHARED_MIGRATION_SQL.postsOwnerContentIndex}
`,
};
