import type { SqliteMigration } from '../sqlite-migration.js';

/** Connection requests of POST /api/v1/connections, spent once by the OAuth callback. */
export const migration0005ConnectionRequests: SqliteMigration = {
  id: '0005_connection_requests',
  sql: `
CREATE TABLE connection_requests (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  platform TEXT NOT NULL,
  nonce TEXT NOT NULL,
  sealed_code_verifier TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  account_ids TEXT NOT NULL DEFAULT '[]'
) STRICT;
`,
};
