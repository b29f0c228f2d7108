import { JOURNAL_ACTOR_MIGRATION_SQL } from '@svc/store-sql';
import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The actor of each event, in three nullable columns of `events` (docs/events.md, "Who did it"):
 * added without a default, so without rewriting the table or holding its lock for long; a large
 * journal migrates at once, and its old rows read as actor null.
 */
export const migration0038JournalActor: PostgresMigration = {
  id: '0038_journal_actor',
  sql: JOURNAL_ACTOR_MIGRATION_SQL,
};
