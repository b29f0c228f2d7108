import type { PostgresMigration } from '../postgres-migration.js';

/** A subject's events in journal order: a post's status history, read by the console. */
export const migration0012EventSubjects: PostgresMigration = {
  id: '0012_event_subjects',
  sql: `
CREATE INDEX events_subject ON events (subject_id, seq);
`,
};
