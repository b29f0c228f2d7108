import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The duplicate-content check reads an owner's posts of the same content (`content_hash`, core's
 * `contentHashOf`, written with every row) around a time. Rows written before this migration have
 * no hash and are not compared. The index's WHERE clause must stay identical to the query's
 * (SQLite matches partial indexes term for term).
 */
export const migration0009PostContentHash: SqliteMigration = {
  id: '0009_post_content_hash',
  sql: `
ALTER TABLE posts ADD COLUMN content_hash TEXT;

${SHARED_MIGRATION_SQL.postsOwnerContentIndex}
`,
};
