import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Workspaces, their members and invitations (docs/teams.md). Every existing user gets a personal
 * workspace whose id is the user's id, with the user as its owner: every `owner_id` already in
 * the database is now that workspace's id, so no row is rewritten and every key keeps working.
 */
export const migration0032Workspaces: PostgresMigration = {
  id: '0032_workspaces',
  sql: `
CREATE TABLE workspaces (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  personal boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE workspace_members (
  workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'contributor', 'viewer')),
  account_ids text[],
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
);

CREATE INDEX workspace_members_user ON workspace_members (user_id, created_at);

CREATE TABLE workspace_invitations (
  id text COLLATE "C" PRIMARY KEY,
  workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'editor', 'contributor', 'viewer')),
  account_ids text[],
  token_hash text NOT NULL,
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text
);

CREATE INDEX workspace_invitations_open ON workspace_invitations (workspace_id, id) WHERE accepted_at IS NULL;

INSERT INTO workspaces (id, name, personal, created_at, updated_at)
SELECT id, email, true, created_at, created_at FROM users;

INSERT INTO workspace_members (workspace_id, user_id, role, account_ids, created_at, updated_at)
SELECT id, id, 'owner', NULL, created_at, created_at FROM users;
`,
};
