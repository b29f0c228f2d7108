import type { Platform } from '../kernel/index.js';
import type { PostMetrics } from './analytics-metrics.js';

/** A published post's collection, as `collectionsFromEvents` makes it from a `post.posted` event. */
export type NewCollection = {
  readonly postId: string;
  readonly ownerId: string;
  readonly accountId: string;
  readonly platform: Platform;
  readonly platformPostId: string;
  readonly publishedAt: Date;
  /** The first read: publishing plus the schedule's first offset. */
  readonly nextAt: Date;
};

/** A post whose next read is due, leased to one collector. */
export type CollectionJob = NewCollection & {
  /** The last slot read, null before the first read. */
  readonly doneSlot: number | null;
  readonly status: CollectionStatus;
};

/** What one read found, to record with the snapshot. */
export type CollectionResult = {
  readonly postId: string;
  readonly leaseOwner: string;
  readonly at: Date;
  readonly status: Exclude<CollectionStatus, 'pending'>;
  /** The slot read; with `metrics`, a snapshot is kept (once per post and slot). */
  readonly slot: number;
  readonly metrics: PostMetrics | null;
  /** The next read, or null when the schedule is over. */
  readonly nextAt: Date | null;
};

/** Where a published post's metric collection stands. */
export type CollectionStatus =
  /** Not read yet. */
  | 'pending'
  /** Read at least once. */
  | 'collected'
  /** The platform has no figures for it (Instagram code 10: too few viewers). */
  | 'not_available'
  /** The account's token lacks the insights permission. */
  | 'scope_missing';
