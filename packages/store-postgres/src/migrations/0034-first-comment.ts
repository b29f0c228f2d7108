import type { PostgresMigration } from '../postgres-migration.js';

/**
 * What became of a post's first comment (`platformMeta.<platform>.firstComment`), recorded when the
 * post is published: its status (`posted`, `failed`, `skipped`), the platform's comment id and the
 * reason it failed or was skipped. Null on every existing post: none had a first comment.
 */
export const migration0034FirstComment: PostgresMigration = {
  id: '0034_first_comment',
  sql: `
ALTER TABLE posts ADD COLUMN first_comment_status TEXT;
ALTER TABLE posts ADD COLUMN first_comment_id TEXT;
ALTER TABLE posts ADD COLUMN first_comment_error TEXT;
`,
};
