import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Who caused each event (docs/events.md, "Who did it"): the actor's kind, id and label, written
 * with the event. Events recorded before have none and read as actor null ("unknown, before
 * audit"); adding nullable columns rewrites no row.
 */
export const migration0038JournalActor: SqliteMigration = {
  id: '0038_journal_actor',
  sql: `
ALTER TABLE events ADD COLUMN actor_kind TEXT;
ALTER TABLE events ADD COLUMN actor_id TEXT;
ALTER TABLE events ADD COLUMN actor_label TEXT;
`,
};
