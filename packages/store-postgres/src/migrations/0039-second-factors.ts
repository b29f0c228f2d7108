import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Second factors (docs/security.md, "Second factors"): each person's authenticator app secret
 * (sealed) with the last time step a code was accepted for, recovery codes (only their hashes)
 * and passkeys. A user's rows go with the user.
 */
export const migration0039SecondFactors: PostgresMigration = {
  id: '0039_second_factors',
  sql: `
CREATE TABLE recovery_codes (
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text COLLATE "C" NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE totp_secrets (
  user_id text COLLATE "C" PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL
);

CREATE TABLE passkeys (
  id text COLLATE "C" PRIMARY KEY,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text[] NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);

CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
`,
};
