import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Workspaces, their members and invitations (docs/teams.md). Every existing user gets a personal
 * workspace whose id is the user's id, with the user as its owner: every `owner_id` already in
 * the database is now that workspace's id, so no row is rewritten and every key keeps working.
 */
export const migration0032Workspaces: SqliteMigration = {
  id: '0032_workspaces',
  sql: `
CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  personal INTEGER NOT NULL CHECK (personal IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE workspace_members (
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'contributor', 'viewer')),
  account_ids TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, user_id)
) STRICT;

CREATE INDEX workspace_members_user ON workspace_members (user_id, created_at);

CREATE TABLE workspace_invitations (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'contributor', 'viewer')),
  account_ids TEXT,
  token_hash TEXT NOT NULL,
  invited_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  accepted_at INTEGER,
  accepted_by TEXT
) STRICT;

CREATE INDEX workspace_invitations_open ON workspace_invitations (workspace_id, id) WHERE accepted_at IS NULL;

INSERT INTO workspaces (id, name, personal, created_at, updated_at)
SELECT id, email, 1, created_at, created_at FROM users;

INSERT INTO workspace_members (workspace_id, user_id, role, account_ids, created_at, updated_at)
SELECT id, id, 'owner', NULL, created_at, created_at FROM users;
`,
};
