import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The quota reads its usage counter now, so nothing reads `posts_owner_created`; every insert
 * still paid for maintaining it.
 */
export const migration0003DropPostsOwnerCreated: SqliteMigration = {
  id: '0003_drop_posts_owner_created',
  sql: 'DROP INDEX IF EXISTS posts_owner_created;',
};
