import { JOURNAL_ACTOR_MIGRATION_SQL } from '@svc/store-sql';
import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Who caused each event (docs/events.md, "Who did it"): the actor's kind, id and label, written
 * with the event. Events recorded before have none and read as actor null ("unknown, before audit").
 */
export const migration0038JournalActor: SqliteMigration = {
  id: '0038_journal_actor',
  sql: JOURNAL_ACTOR_MIGRATION_SQL,
};
