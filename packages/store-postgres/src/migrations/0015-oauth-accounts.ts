import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The user an OAuth record belongs to (`payload.accountId`, set on grants), indexed so the
 * console lists the agents a person approved. Records already there get it from their payload.
 */
export const migration0015OAuthAccounts: PostgresMigration = {
  id: '0015_oauth_accounts',
  sql: `
ALTER TABLE oauth_records ADD COLUMN account_id text;
UPDATE oauth_records SET account_id = payload->>'accountId' WHERE jsonb_typeof(payload->'accountId') = 'string';
CREATE INDEX oauth_records_account ON oauth_records (kind, account_id) WHERE account_id IS NOT NULL;
`,
};
