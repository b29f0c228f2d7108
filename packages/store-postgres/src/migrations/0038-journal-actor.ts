import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The actor of each event, in three nullable columns of `events` (docs/events.md, "Who did it").
 * On PostgreSQL a nullable column without a default is added without rewriting the table or
 * holding its lock for long, so the journal of a large install migrates at once; its old rows
 * read as actor null.
 */
export const migration0038JournalActor: PostgresMigration = {
  id: '0038_journal_actor',
  sql: `
ALTER TABLE events ADD COLUMN actor_kind TEXT;
ALTER TABLE events ADD COLUMN actor_id TEXT;
ALTER TABLE events ADD COLUMN actor_label TEXT;
`,
};
