import type { PostgresMigration } from '../postgres-migration.js';

/** A subject's events in journal order: a post's status history, read by the console. */
export const migration0014EventSubjects: PostgresMigration = {
  id: '0014_event_subjects',
  sql: `
CREATE INDEX events_subject ON events (subject_id, seq);
`,
};
