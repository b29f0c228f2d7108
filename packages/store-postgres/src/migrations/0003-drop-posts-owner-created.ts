import type { PostgresMigration } from '../postgres-migration.js';

/**
 * No-op, so the numbers match SQLite's: SQLite dropped its unused `posts_owner_created` index here;
 * PostgreSQL's first schema (0001) never had it.
 */
export const migration0003DropPostsOwnerCreated: PostgresMigration = {
  id: '0003_drop_posts_owner_created',
  sql: '',
};
