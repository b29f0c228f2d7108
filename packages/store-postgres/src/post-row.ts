import {
  contentHashOf,
  type MediaRef,
  type Platform,
  type PlatformMeta,
  type Post,
  type PostStatus,
  type PublishProgress,
} from '@svc/core';
import { jsonParam, nullableJsonParam } from './pg-values.js';

/** A `posts` row as pg reads it. */
export type PostRow = {
  id: string;
  owner_id: string;
  status: string;
  caption: string;
  title: string | null;
  name: string | null;
  platforms: string[];
  profile_ids: string[];
  media: MediaRef[];
  scheduled_time: Date | null;
  published_at: Date | null;
  failed_reason: string | null;
  external_id: string | null;
  permalink: string | null;
  platform_meta: PlatformMeta | null;
  category: string | null;
  created_at: Date;
  updated_at: Date;
  attempts: number;
  due_at: Date | null;
  lease_owner: string | null;
  platform_post_id: string | null;
  publish_progress: PublishProgress | null;
  deleted_at: Date | null;
  /** core's `contentHashOf`, for the duplicate-content check; derived, never read back. */
  content_hash: string | null;
  version: number;
};

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

/** The parameters that store a post, one per entry of POST_COLUMNS, in that order. */
export function postParams(post: Post): unknown[] {
  return [
    post.id,
    post.ownerId,
    post.status,
    post.caption,
    post.title,
    post.name,
    post.platforms,
    post.profileIds,
    jsonParam(post.media),
    post.scheduledTime,
    post.publishedAt,
    post.failedReason,
    post.externalId,
    post.permalink,
    nullableJsonParam(post.platformMeta),
    post.category,
    post.createdAt,
    post.updatedAt,
    post.attempts,
    post.dueAt,
    post.leaseOwner,
    post.platformPostId,
    nullableJsonParam(post.publishProgress),
    post.deletedAt,
    contentHashOf(post),
    post.version,
  ];
}

/** The post a row stores. Trusts the row: only this package writes it, from validated posts. */
export function rowToPost(row: PostRow): Post {
  return {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status as PostStatus,
    caption: row.caption,
    title: row.title,
    platforms: row.platforms as Platform[],
    profileIds: row.profile_ids,
    media: row.media,
    scheduledTime: row.scheduled_time,
    publishedAt: row.published_at,
    failedReason: row.failed_reason,
    externalId: row.external_id,
    permalink: row.permalink,
    platformMeta: row.platform_meta,
    category: row.category,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempts: row.attempts,
    dueAt: row.due_at,
    leaseOwner: row.lease_owner,
    platformPostId: row.platform_post_id,
    publishProgress: row.publish_progress,
    deletedAt: row.deleted_at,
    version: row.version,
  };
}
