import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Queued drafts (docs/queue.md): a draft saved with `queue: true` takes its accounts' next free
 * slots when approved instead of a time. Existing rows are not queued.
 */
export const migration0031QueuedDrafts: SqliteMigration = {
  id: '0031_queued_drafts',
  sql: `
ALTER TABLE posts ADD COLUMN queued INTEGER NOT NULL DEFAULT 0;
`,
};
