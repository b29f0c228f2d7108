import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * The journal followers' two cursor tables become one, `journal_cursors` (name, position, and the
 * lease of the process following, for those that take one), rows carried over. SQLite needs
 * nothing else of this change: one writer at a time makes `seq` commit order already, while
 * PostgreSQL now numbers its events in commit order (its 0028).
 */
export const migration0028JournalClock: SqliteMigration = {
  id: '0028_journal_clock',
  sql: `
CREATE TABLE journal_cursors_merged (
  name TEXT PRIMARY KEY,
  position TEXT,
  lease_owner TEXT,
  lease_until INTEGER
) STRICT;

INSERT INTO journal_cursors_merged (name, position) SELECT name, NULLIF(position, '') FROM journal_cursors;
INSERT INTO journal_cursors_merged (name, position, lease_owner, lease_until)
SELECT consumer, position, lease_owner, lease_until FROM journal_consumers;

DROP TABLE journal_cursors;
DROP TABLE journal_consumers;
ALTER TABLE journal_cursors_merged RENAME TO journal_cursors;
`,
};
