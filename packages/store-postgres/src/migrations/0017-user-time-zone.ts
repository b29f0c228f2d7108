import type { PostgresMigration } from '../postgres-migration.js';

/** A user's time zone (IANA name), in which the console shows and takes times; UTC until chosen. */
export const migration0017UserTimeZone: PostgresMigration = {
  id: '0017_user_time_zone',
  sql: `
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
`,
};
