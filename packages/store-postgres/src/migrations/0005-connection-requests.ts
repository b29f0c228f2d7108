import type { PostgresMigration } from '../postgres-migration.js';

/** Connection requests of POST /api/v1/connections, spent once by the OAuth callback. */
export const migration0005ConnectionRequests: PostgresMigration = {
  id: '0005_connection_requests',
  sql: `
CREATE TABLE connection_requests (
  id text PRIMARY KEY,
  owner_id text NOT NULL,
  platform text NOT NULL,
  nonce text NOT NULL,
  sealed_code_verifier text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  account_ids text[] NOT NULL DEFAULT '{}'
);
`,
};
