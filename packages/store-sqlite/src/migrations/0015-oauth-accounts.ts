import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The user an OAuth record belongs to (`payload.accountId`, set on grants), indexed so the
 * console lists the agents a person approved. Records already there get it from their payload.
 */
export const migration0015OAuthAccounts: SqliteMigration = {
  id: '0015_oauth_accounts',
  sql: `
ALTER TABLE oauth_records ADD COLUMN account_id TEXT;
UPDATE oauth_records SET account_id = json_extract(payload, '$.accountId')
  WHERE json_type(payload, '$.accountId') = 'text';
CREATE INDEX oauth_records_account ON oauth_records (kind, account_id) WHERE account_id IS NOT NULL;
`,
};
