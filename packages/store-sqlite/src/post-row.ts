import type { PostRowOf } from '@svc/store-sql';
import { SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

/** A `posts` row as better-sqlite3 reads and binds it (named parameters use the same keys). */
export type PostRow = PostRowOf<SqliteTypes>;

/** The row that stores a post, and the post a row stores. */
export const { postToRow, rowToPost } = SQLITE_ROWS;
