import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Nothing to change on SQLite: the number is kept in step with PostgreSQL, whose 0029 adds the
 * trigger that notifies journal followers in other processes. Here a store's own appends wake
 * this process's workers after their commit, and other processes' commits are seen through
 * `PRAGMA data_version` (sqlite-wakeups.ts), neither of which needs the schema.
 */
export const migration0029Wakeups: SqliteMigration = {
  id: '0029_wakeups',
  sql: 'SELECT 1;',
};
