import {
  contentHashOf,
  type MediaRef,
  type Platform,
  type PlatformMeta,
  type Post,
  type PostStatus,
  type PublishProgress,
} from '@svc/core';
import {
  dateFromSql,
  dateToSql,
  jsonFromSql,
  jsonToSql,
  nullableDateFromSql,
  nullableDateToSql,
  nullableJsonFromSql,
  nullableJsonToSql,
} from './sql-values.js';

/** A `posts` row as better-sqlite3 reads and binds it (named parameters use the same keys). */
export type PostRow = {
  id: string;
  owner_id: string;
  status: string;
  caption: string;
  title: string | null;
  platforms: string;
  profile_ids: string;
  media: string;
  scheduled_time: number | null;
  published_at: number | null;
  failed_reason: string | null;
  external_id: string | null;
  permalink: string | null;
  platform_meta: string | null;
  category: string | null;
  name: string | null;
  created_at: number;
  updated_at: number;
  attempts: number;
  due_at: number | null;
  lease_owner: string | null;
  platform_post_id: string | null;
  publish_progress: string | null;
  deleted_at: number | null;
  version: number;
  /** core's `contentHashOf`, for the duplicate-content check; derived, never read back. */
  content_hash: string | null;
};

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

/** The row that stores a post. */
export function postToRow(post: Post): PostRow {
  return {
    id: post.id,
    owner_id: post.ownerId,
    status: post.status,
    caption: post.caption,
    title: post.title,
    platforms: jsonToSql(post.platforms),
    profile_ids: jsonToSql(post.profileIds),
    media: jsonToSql(post.media),
    scheduled_time: nullableDateToSql(post.scheduledTime),
    published_at: nullableDateToSql(post.publishedAt),
    failed_reason: post.failedReason,
    external_id: post.externalId,
    permalink: post.permalink,
    platform_meta: nullableJsonToSql(post.platformMeta),
    category: post.category,
    name: post.name,
    created_at: dateToSql(post.createdAt),
    updated_at: dateToSql(post.updatedAt),
    attempts: post.attempts,
    due_at: nullableDateToSql(post.dueAt),
    lease_owner: post.leaseOwner,
    platform_post_id: post.platformPostId,
    publish_progress: nullableJsonToSql(post.publishProgress),
    deleted_at: nullableDateToSql(post.deletedAt),
    version: post.version,
    content_hash: contentHashOf(post),
  };
}

/** The post a row stores. Trusts the row: only this package writes it, from validated posts. */
export function rowToPost(row: PostRow): Post {
  return {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status as PostStatus,
    caption: row.caption,
    title: row.title,
    platforms: jsonFromSql<Platform[]>(row.platforms),
    profileIds: jsonFromSql<string[]>(row.profile_ids),
    media: jsonFromSql<MediaRef[]>(row.media),
    scheduledTime: nullableDateFromSql(row.scheduled_time),
    publishedAt: nullableDateFromSql(row.published_at),
    failedReason: row.failed_reason,
    externalId: row.external_id,
    permalink: row.permalink,
    platformMeta: nullableJsonFromSql<PlatformMeta>(row.platform_meta),
    category: row.category,
    name: row.name,
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
    attempts: row.attempts,
    dueAt: nullableDateFromSql(row.due_at),
    leaseOwner: row.lease_owner,
    platformPostId: row.platform_post_id,
    publishProgress: nullableJsonFromSql<PublishProgress>(row.publish_progress),
    deletedAt: nullableDateFromSql(row.deleted_at),
    version: row.version,
  };
}
