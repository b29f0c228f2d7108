import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Evergreen recycling (docs/queue.md): a post's rule (`evergreen`, JSON), and on a copy the post it
 * was recycled from with its copy number; on the original, when a period was last skipped
 * (no slots, or figures missing or below the median), which starts the next period. The unique index makes "copy k of post X" a fact the
 * database holds once, whatever process or crash tried to make it twice.
 */
export const migration0030Evergreen: PostgresMigration = {
  id: '0030_evergreen',
  sql: `
ALTER TABLE posts ADD COLUMN evergreen jsonb;
ALTER TABLE posts ADD COLUMN recycled_from text COLLATE "C";
ALTER TABLE posts ADD COLUMN recycle_number integer;
ALTER TABLE posts ADD COLUMN recycle_skipped_at timestamptz;
CREATE UNIQUE INDEX posts_recycled_copy ON posts (recycled_from, recycle_number) WHERE recycled_from IS NOT NULL;
CREATE INDEX posts_evergreen ON posts (id) WHERE evergreen IS NOT NULL;
`,
};
