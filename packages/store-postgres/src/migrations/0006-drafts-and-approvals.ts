import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Drafts and approvals: the approvals table and indexes for the newest-first post list and the
 * upcoming-posts view. Both post indexes leave soft-deleted rows out, as every query that reads
 * them does.
 */
export const migration0006DraftsAndApprovals: PostgresMigration = {
  id: '0006_drafts_and_approvals',
  sql: `
CREATE INDEX posts_owner_list ON posts (owner_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

CREATE INDEX posts_owner_upcoming ON posts (owner_id, scheduled_time, id)
  WHERE status IN ('scheduled', 'publishing') AND deleted_at IS NULL;

CREATE TABLE approvals (
  id text COLLATE "C" PRIMARY KEY,
  post_id text NOT NULL,
  owner_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  request_note text,
  reviewer_note text,
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  requested_by text NOT NULL
);

CREATE INDEX approvals_post_requested ON approvals (post_id, requested_at, id);
`,
};
