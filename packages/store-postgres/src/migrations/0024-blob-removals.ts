import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The orphaned-blob sweep's claims and removals (docs/media.md, "Unused files"). While a claim
 * lives no asset may start referring to the blob; a claim left by a sweep that stopped is taken
 * over once `claimed_until` passes. After deleting the bytes a sweep keeps `removed_at` (claim
 * columns null) so an upload whose put began before it re-checks its bytes; forgotten after a day.
 */
export const migration0024BlobRemovals: PostgresMigration = {
  id: '0024_blob_removals',
  sql: `
CREATE TABLE blob_removals (
  blob_key text PRIMARY KEY,
  claimed_by text,
  claimed_until timestamptz,
  removed_at timestamptz
);
CREATE INDEX blob_removals_removed ON blob_removals (removed_at) WHERE claimed_by IS NULL;
`,
};
