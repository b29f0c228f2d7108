import type { PostRowOf } from '@svc/store-sql';
import { SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

/** A `posts` row as better-sqlite3 reads and binds it (named parameters use the same keys). */
export type PostRow = PostRowOf<SqliteTypes>;

/** Every column of `posts`, in table order, for statements that list them. */
export const POST_COLUMNS = [
  'id',
  'owner_id',
  'status',
  'caption',
  'title',
  'platforms',
  'profile_ids',
  'media',
  'scheduled_time',
  'published_at',
  'failed_reason',
  'external_id',
  'permalink',
  'platform_meta',
  'category',
  'created_at',
  'updated_at',
  'attempts',
  'due_at',
  'lease_owner',
  'platform_post_id',
  'publish_progress',
  'deleted_at',
  'version',
  // Added by migrations 0006 and 0009, so last in the table.
  'name',
  'content_hash',
] as const satisfies readonly (keyof PostRow)[];

/** The row that stores a post, and the post a row stores. */
export const { postToRow, rowToPost } = SQLITE_ROWS;
