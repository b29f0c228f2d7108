import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Credentials bound to one workspace (docs/teams.md): an API key acts with the role and account
 * limit of the member who created it. Existing keys have no creator (null): they act as the owner
 * of the personal workspace they belong to, exactly as before. Revoking a member's keys when they
 * leave a workspace finds them by creator.
 */
export const migration0035WorkspaceCredentials: PostgresMigration = {
  id: '0035_workspace_credentials',
  sql: `
ALTER TABLE api_keys ADD COLUMN created_by text;
CREATE INDEX api_keys_owner_creator ON api_keys (owner_id, created_by) WHERE created_by IS NOT NULL;
`,
};
