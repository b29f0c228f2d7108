import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The OAuth authorization server: its records (clients, grants, codes, tokens, sessions) as JSON
 * under kind and id, with the payload fields it looks records up by copied into indexed columns;
 * and the users' sign-in password hashes.
 */
export const migration0008OAuth: SqliteMigration = {
  id: '0008_oauth',
  sql: `
CREATE TABLE oauth_records (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  grant_id TEXT,
  uid TEXT,
  user_code TEXT,
  expires_at INTEGER,
  consumed_at INTEGER,
  PRIMARY KEY (kind, id)
) STRICT;

CREATE INDEX oauth_records_grant ON oauth_records (kind, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid ON oauth_records (kind, uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_user_code ON oauth_records (kind, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oauth_records_expires ON oauth_records (expires_at) WHERE expires_at IS NOT NULL;

ALTER TABLE users ADD COLUMN password_hash TEXT;
`,
};
