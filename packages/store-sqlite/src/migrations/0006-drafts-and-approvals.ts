import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Drafts and approvals: a `name` label on posts, the approvals table, and indexes for the
 * newest-first post list and the upcoming-posts view. Both post indexes leave soft-deleted rows
 * out, as every query that reads them does, and their WHERE clause must stay identical to the
 * queries' (SQLite matches partial indexes term for term).
 */
export const migration0006DraftsAndApprovals: SqliteMigration = {
  id: '0006_drafts_and_approvals',
  sql: `
ALTER TABLE posts ADD COLUMN name TEXT;

CREATE INDEX posts_owner_list ON posts (owner_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

CREATE INDEX posts_owner_upcoming ON posts (owner_id, scheduled_time, id)
  WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL;

CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  post_id TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  request_note TEXT,
  reviewer_note TEXT,
  requested_at INTEGER NOT NULL,
  decided_at INTEGER,
  requested_by TEXT NOT NULL
) STRICT;

CREATE INDEX approvals_post_requested ON approvals (post_id, requested_at, id);
`,
};
