import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The token expiry an account's owner was last warned about (`account.token_expiring`): a sweep
 * warns once per expiry, and a refresh or reconnect that moves the expiry makes the account due
 * again without resetting anything. The partial index holds exactly the accounts still to be
 * looked at, so the sweep never reads those already warned.
 */
export const migration0020TokenExpiryWarnings: PostgresMigration = {
  id: '0020_token_expiry_warnings',
  sql: `
ALTER TABLE connected_accounts ADD COLUMN token_expiry_warned_for timestamptz;
CREATE INDEX connected_accounts_token_expiry ON connected_accounts (platform, token_expires_at, id)
  WHERE status = 'active' AND NOT needs_reconnect AND token_expires_at IS NOT NULL
    AND token_expiry_warned_for IS DISTINCT FROM token_expires_at;
`,
};
