import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The event journal: every state change's event, appended in the change's transaction. SQLite
 * has one writer at a time, so `seq` order is commit order and a reader pages by `seq` alone.
 */
export const migration0010EventJournal: SqliteMigration = {
  id: '0010_event_journal',
  sql: `
CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  type TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  data TEXT NOT NULL
) STRICT;
`,
};
