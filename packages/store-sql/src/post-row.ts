import {
  contentHashOf,
  type EvergreenRule,
  type FirstCommentOutcome,
  type MediaRef,
  type Platform,
  type PlatformMeta,
  type Post,
  type PostStatus,
  type PublishProgress,
} from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `posts` row in a dialect's column types (each dialect lists its columns in its own order). */
export type PostRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  /** The group of rows made together; null on rows made before migration 0027. */
  group_id: string | null;
  status: string;
  caption: string;
  title: string | null;
  name: string | null;
  platforms: T['list'];
  profile_ids: T['list'];
  media: T['json'];
  scheduled_time: T['date'] | null;
  published_at: T['date'] | null;
  failed_reason: string | null;
  external_id: string | null;
  permalink: string | null;
  platform_meta: T['json'] | null;
  category: string | null;
  created_at: T['date'];
  updated_at: T['date'];
  attempts: number;
  due_at: T['date'] | null;
  lease_owner: string | null;
  platform_post_id: string | null;
  /** What the platform did differently from what was asked (migration 0026). */
  warning: string | null;
  publish_progress: T['json'] | null;
  deleted_at: T['date'] | null;
  version: number;
  /** The evergreen rule as JSON (migration 0030). */
  evergreen: T['json'] | null;
  recycled_from: string | null;
  recycle_number: number | null;
  recycle_skipped_at: T['date'] | null;
  /** A draft saved for the queue (migration 0031). */
  queued: T['flag'];
  /** The first comment's outcome (migration 0034): `posted`, `failed`, `skipped`; null before. */
  first_comment_status: string | null;
  first_comment_id: string | null;
  first_comment_error: string | null;
  /** core's `contentHashOf`, for the duplicate-content check; derived, never read back. */
  content_hash: string | null;
};

/**
 * Every column of `posts`, for statements that list them. `id` first and `version` last:
 * PostgreSQL binds them by position, and its compare-and-set puts the expected version in the last
 * slot; SQLite binds them by name.
 */
export const POST_COLUMNS = [
  'id',
  'owner_id',
  'group_id',
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
  'warning',
  'publish_progress',
  'deleted_at',
  'evergreen',
  'recycled_from',
  'recycle_number',
  'recycle_skipped_at',
  'queued',
  'first_comment_status',
  'first_comment_id',
  'first_comment_error',
  'content_hash',
  'version',
] as const satisfies readonly (keyof PostRowOf<SqlTypes>)[];

/** The row that stores a post. */
export function postToSqlRow<T extends SqlTypes>(codec: SqlCodec<T>, post: Post): PostRowOf<T> {
  return {
    id: post.id,
    owner_id: post.ownerId,
    group_id: post.groupId,
    status: post.status,
    caption: post.caption,
    title: post.title,
    name: post.name,
    platforms: codec.listToSql(post.platforms),
    profile_ids: codec.listToSql(post.profileIds),
    media: codec.jsonToSql(post.media),
    scheduled_time: orNull(post.scheduledTime, codec.dateToSql),
    published_at: orNull(post.publishedAt, codec.dateToSql),
    failed_reason: post.failedReason,
    external_id: post.externalId,
    permalink: post.permalink,
    platform_meta: orNull(post.platformMeta, codec.jsonToSql),
    category: post.category,
    created_at: codec.dateToSql(post.createdAt),
    updated_at: codec.dateToSql(post.updatedAt),
    attempts: post.attempts,
    due_at: orNull(post.dueAt, codec.dateToSql),
    lease_owner: post.leaseOwner,
    platform_post_id: post.platformPostId,
    warning: post.warning,
    publish_progress: orNull(post.publishProgress, codec.jsonToSql),
    deleted_at: orNull(post.deletedAt, codec.dateToSql),
    version: post.version,
    evergreen: orNull(post.evergreen, codec.jsonToSql),
    recycled_from: post.recycledFrom,
    recycle_number: post.recycleNumber,
    recycle_skipped_at: orNull(post.recycleSkippedAt, codec.dateToSql),
    queued: codec.flagToSql(post.queued),
    first_comment_status: post.firstComment?.status ?? null,
    first_comment_id: post.firstComment?.id ?? null,
    first_comment_error: post.firstComment?.error ?? null,
    content_hash: contentHashOf(post),
  };
}

/** The post a row stores. Trusts the row: only the stores write it, from validated posts. */
export function sqlRowToPost<T extends SqlTypes>(codec: SqlCodec<T>, row: PostRowOf<T>): Post {
  return {
    id: row.id,
    ownerId: row.owner_id,
    groupId: row.group_id,
    status: row.status as PostStatus,
    caption: row.caption,
    title: row.title,
    platforms: codec.listFromSql(row.platforms) as Platform[],
    profileIds: codec.listFromSql(row.profile_ids),
    media: codec.jsonFromSql<MediaRef[]>(row.media),
    scheduledTime: orNull(row.scheduled_time, codec.dateFromSql),
    publishedAt: orNull(row.published_at, codec.dateFromSql),
    failedReason: row.failed_reason,
    externalId: row.external_id,
    permalink: row.permalink,
    platformMeta: orNull(row.platform_meta, (meta) => codec.jsonFromSql<PlatformMeta>(meta)),
    category: row.category,
    name: row.name,
    createdAt: codec.dateFromSql(row.created_at),
    updatedAt: codec.dateFromSql(row.updated_at),
    attempts: row.attempts,
    dueAt: orNull(row.due_at, codec.dateFromSql),
    leaseOwner: row.lease_owner,
    platformPostId: row.platform_post_id,
    warning: row.warning,
    publishProgress: orNull(row.publish_progress, (progress) => codec.jsonFromSql<PublishProgress>(progress)),
    deletedAt: orNull(row.deleted_at, codec.dateFromSql),
    evergreen: orNull(row.evergreen, (rule) => codec.jsonFromSql<EvergreenRule>(rule)),
    recycledFrom: row.recycled_from,
    recycleNumber: row.recycle_number,
    recycleSkippedAt: orNull(row.recycle_skipped_at, codec.dateFromSql),
    queued: codec.flagFromSql(row.queued),
    firstComment:
      row.first_comment_status === null
        ? null
        : {
            status: row.first_comment_status as FirstCommentOutcome['status'],
            id: row.first_comment_id,
            error: row.first_comment_error,
          },
    version: row.version,
  };
}
