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
  /**
   * The first read: publishing plus the schedule's first offset; for a post whose public id the
   * platform holds back, the first ask for it (`PUBLIC_ID_CHECKS_MS`).
   */
  readonly nextAt: Date;
  /** `awaiting_id` while `platformPostId` is the publish's handle and the public id is still to come. */
  readonly status: Extract<CollectionStatus, 'pending' | 'awaiting_id'>;
};

/** A post whose next read is due, leased to one collector. */
export type CollectionJob = Omit<NewCollection, 'status'> & {
  /** The last slot read, null before the first read. */
  readonly doneSlot: number | null;
  readonly status: CollectionStatus;
};

/** What one read found, to record with the snapshot. */
export type CollectionResult = {
  readonly postId: string;
  readonly leaseOwner: string;
  readonly at: Date;
  readonly status: Exclude<CollectionStatus, 'pending' | 'awaiting_id'>;
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
  /**
   * The platform holds the post's public id back (TikTok's moderation): the collector asks for it
   * on `PUBLIC_ID_CHECKS_MS` and reads no metrics before it comes.
   */
  | 'awaiting_id'
  /** Read at least once. */
  | 'collected'
  /** The platform has no figures for it (Instagram code 10: too few viewers). */
  | 'not_available'
  /** The account's token lacks the insights permission. */
  | 'scope_missing';

/**
 * What became of a leased collection that awaited its public id: `found` carries the public id and
 * the first metrics read (the post itself was updated first, through its own transition); `gave_up`
 * ends the collection `not_available` when the id never came.
 */
export type AwaitedIdResult = {
  readonly postId: string;
  readonly leaseOwner: string;
  readonly at: Date;
  readonly outcome:
    | { readonly kind: 'found'; readonly platformPostId: string; readonly nextAt: Date }
    | { readonly kind: 'gave_up' };
};
