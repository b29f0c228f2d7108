import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The duplicate-content check reads an owner's posts that go out or went out around a time. The
 * index's WHERE clause must stay identical to the query's (SQLite matches partial indexes term
 * for term).
 */
export const migration0009PostsByAccountTime: SqliteMigration = {
  id: '0009_posts_by_account_time',
  sql: `
CREATE INDEX posts_owner_repeatable ON posts (owner_id, scheduled_time, id)
  WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL;
`,
};
