import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The event journal: every state change's event, appended in the change's transaction. `seq`
 * values are handed out when rows are inserted, not when their transactions commit, so a reader
 * ordering by `seq` alone could pass an event whose transaction commits later; each row also
 * keeps its transaction id, and readers go by (tx, seq) up to the oldest running transaction.
 */
export const migration0010EventJournal: PostgresMigration = {
  id: '0010_event_journal',
  sql: `
CREATE TABLE events (
  seq bigserial PRIMARY KEY,
  tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
  type text NOT NULL,
  owner_id text NOT NULL,
  subject_id text NOT NULL,
  at timestamptz NOT NULL,
  data jsonb NOT NULL
);

CREATE INDEX events_order ON events (tx, seq);
`,
};
