import type { PostgresMigration } from '../postgres-migration.js';

/** The duplicate-content check reads an owner's posts that go out or went out around a time. */
export const migration0007PostsByAccountTime: PostgresMigration = {
  id: '0007_posts_by_account_time',
  sql: `
CREATE INDEX posts_owner_repeatable ON posts (owner_id, scheduled_time, id)
  WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL;
`,
};
