import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Second factors (docs/security.md, "Second factors"): each person's authenticator app secret
 * (sealed) with the last time step a code was accepted for, recovery codes (only their hashes)
 * and passkeys. A user's rows go with the user.
 */
export const migration0039SecondFactors: SqliteMigration = {
  id: '0039_second_factors',
  sql: `
CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
) STRICT;

CREATE TABLE totp_secrets (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret TEXT NOT NULL,
  confirmed_at INTEGER,
  last_step INTEGER NOT NULL
) STRICT;

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
) STRICT;

CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
`,
};
