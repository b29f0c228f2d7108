import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The approval policy and review steps (docs/teams.md, "Approval policy"): a workspace's saved
 * policy (none saved: the default), each approval's steps (null for approvals from before, which
 * had one step) with the open step's number, which every decision compares and sets so two
 * reviewers of one step cannot both win, the member who asked, and the keys marked "needs approval".
 */
export const migration0037ApprovalSteps: PostgresMigration = {
  id: '0037_approval_steps',
  sql: `
CREATE TABLE approval_policies (
  workspace_id text COLLATE "C" PRIMARY KEY,
  required_for text NOT NULL,
  steps jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);

ALTER TABLE approvals ADD COLUMN steps jsonb;
ALTER TABLE approvals ADD COLUMN current_step integer NOT NULL DEFAULT 1;
ALTER TABLE approvals ADD COLUMN requester_id text;

ALTER TABLE api_keys ADD COLUMN needs_approval boolean NOT NULL DEFAULT false;
`,
};
