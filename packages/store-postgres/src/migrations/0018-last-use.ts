import type { PostgresMigration } from '../postgres-migration.js';

/**
 * When an API key, and an agent's approval (an OAuth grant), last authenticated a call: shown in
 * the console and by `svc keys list`. Null until the next use; nothing earlier is known.
 */
export const migration0018LastUse: PostgresMigration = {
  id: '0018_last_use',
  sql: `
ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz;
ALTER TABLE oauth_records ADD COLUMN last_used_at timestamptz;
`,
};
