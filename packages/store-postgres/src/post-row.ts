import type { Post } from '@svc/core';
import type { PostRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes } from './pg-values.js';

/** A `posts` row as pg reads it. */
export type PostRow = PostRowOf<PgTypes>;

/** Every column of `posts`, in the order `postParams` binds them. */
export const POST_COLUMNS = [
  'id',
  'owner_id',
  'status',
  'caption',
  'title',
  'name',
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
  'content_hash',
  // Last: the compare-and-set update binds the expected version in its slot.
  'version',
] as const satisfies readonly (keyof PostRow)[];

const { postToRow } = PG_ROWS;

/** The parameters that store a post, one per entry of POST_COLUMNS, in that order. */
export function postParams(post: Post): unknown[] {
  const row = postToRow(post);
  return POST_COLUMNS.map((column) => row[column]);
}

/** The post a row stores. */
export const { rowToPost } = PG_ROWS;
