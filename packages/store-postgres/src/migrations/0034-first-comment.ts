import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
import type { PostgresMigration } from '../postgres-migration.js';

/**
 * What became of a post's first comment (`platformMeta.<platform>.firstComment`), recorded when the
 * post is published: its status (`posted`, `failed`, `skipped`), the platform's comment id and the
 * reason it failed or was skipped. Null on every existing post: none had a first comment.
 */
export const migration0034FirstComment: PostgresMigration = {
  id: '0034_first_comment',
  sql: SHARED_MIGRATION_SQL.firstComment,
};
