import type { Post } from './post.js';

/** The fields a new row starts with whatever made it: nothing published, claimed or deleted yet. */
export type FreshPostFields = Pick<
  Post,
  | 'publishedAt'
  | 'failedReason'
  | 'permalink'
  | 'createdAt'
  | 'updatedAt'
  | 'attempts'
  | 'leaseOwner'
  | 'platformPostId'
  | 'warning'
  | 'firstComment'
  | 'publishProgress'
  | 'deletedAt'
  | 'recycledFrom'
  | 'recycleNumber'
  | 'recycleSkippedAt'
  | 'queued'
  | 'version'
>;

/**
 * The state of a post no publisher has touched, made at `now`: one place for what a new post, a
 * draft and a recycled copy share, so a field added to `Post` is set the same way for each.
 */
export function freshPostFields(now: Date): FreshPostFields {
  return {
    publishedAt: null,
    failedReason: null,
    permalink: null,
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    leaseOwner: null,
    platformPostId: null,
    warning: null,
    firstComment: null,
    publishProgress: null,
    deletedAt: null,
    recycledFrom: null,
    recycleNumber: null,
    recycleSkippedAt: null,
    queued: false,
    version: 0,
  };
}
