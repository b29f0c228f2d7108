import type { PostgresMigration } from '../postgres-migration.js';

/** An owner's events in numbering order: a person's recent activity, read newest first by the console. */
export const migration0021EventsOwner: PostgresMigration = {
  id: '0021_events_owner',
  sql: `
CREATE INDEX events_owner ON events (owner_id, seq);
`,
};
