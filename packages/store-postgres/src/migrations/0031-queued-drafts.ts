import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Queued drafts (docs/queue.md): a draft saved with `queue: true` takes its accounts' next free
 * slots when approved instead of a time. Existing rows are not queued.
 */
export const migration0031QueuedDrafts: PostgresMigration = {
  id: '0031_queued_drafts',
  sql: `
ALTER TABLE posts ADD COLUMN queued boolean NOT NULL DEFAULT false;
`,
};
