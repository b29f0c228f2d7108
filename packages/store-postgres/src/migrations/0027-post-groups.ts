import type { PostgresMigration } from '../postgres-migration.js';

/**
 * The group of posts made together (one compose, one request, one tool call, one bulk row), read
 * and changed as one post across platforms. Existing rows keep NULL: nothing recorded which rows
 * came from the same request, and a NULL group is a post of its own. The partial index serves a
 * group's page without holding the NULLs of older rows.
 */
export const migration0027PostGroups: PostgresMigration = {
  id: '0027_post_groups',
  sql: `
ALTER TABLE posts ADD COLUMN group_id TEXT;
CREATE INDEX posts_owner_group ON posts (owner_id, group_id) WHERE group_id IS NOT NULL;
`,
};
