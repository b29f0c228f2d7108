import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The approval policy and review steps (docs/teams.md, "Approval policy"): a workspace's saved
 * policy (none saved: the default), each approval's steps (JSON; null for approvals from before,
 * which had one step) with the open step's number, which every decision compares and sets so two
 * reviewers of one step cannot both win, the member who asked, and the keys marked "needs approval".
 */
export const migration0037ApprovalSteps: SqliteMigration = {
  id: '0037_approval_steps',
  sql: `
CREATE TABLE approval_policies (
  workspace_id TEXT PRIMARY KEY,
  required_for TEXT NOT NULL,
  steps TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL
) STRICT;

ALTER TABLE approvals ADD COLUMN steps TEXT;
ALTER TABLE approvals ADD COLUMN current_step INTEGER NOT NULL DEFAULT 1;
ALTER TABLE approvals ADD COLUMN requester_id TEXT;

ALTER TABLE api_keys ADD COLUMN needs_approval INTEGER NOT NULL DEFAULT 0 CHECK (needs_approval IN (0, 1));
`,
};
