import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The OAuth authorization server: its records (clients, grants, codes, tokens, sessions) as jsonb
 * under kind and id, with the payload fields it looks records up by copied into indexed columns;
 * and the users' sign-in password hashes.
 */
export const migration0008OAuth: PostgresMigration = {
  id: '0008_oauth',
  sql: `
CREATE TABLE oauth_records (
  kind text NOT NULL,
  id text COLLATE "C" NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);

CREATE INDEX oauth_records_grant ON oauth_records (kind, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid ON oauth_records (kind, uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_user_code ON oauth_records (kind, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oauth_records_expires ON oauth_records (expires_at) WHERE expires_at IS NOT NULL;

ALTER TABLE users ADD COLUMN password_hash text;
`,
};
