import type { DomainEvent } from '../../journal/index.js';
import type { MediaAsset } from '../../media/index.js';
import type { PurgedPost } from './post-purge.js';

/** The small calls a store answers inside the transaction of a purge batch (core's `purgePostsScript`). */
export type PostPurgeTx = {
  /**
   * Soft-deleted posts deleted before `deletedBefore`, oldest deletion first (id breaks ties), at
   * most `limit`, held against other purges (which take other rows or wait).
   */
  purgeBatch(deletedBefore: Date, limit: number): PurgedPost[];
  /** Deletes these posts with what belongs to them: approvals, collections, metric snapshots. */
  deletePosts(ids: readonly string[]): void;
  /**
   * Of these asset ids, those the owner still uses: named by a remaining post (live or
   * soft-deleted) as a slide's asset or original, or pointed to by one of the owner's source links.
   * Takes the owner's media lock first where the store has one (as a deletion from the library).
   */
  mediaKept(ownerId: string, mediaIds: readonly string[]): string[];
  /** The assets with these ids (missing ones left out), held until the transaction ends. */
  assetsByIds(ids: readonly string[]): MediaAsset[];
  /** Removes a copy: its row, the owner's source links to it, its bytes from the owner's usage (never below zero). */
  removeAsset(asset: MediaAsset): void;
  /** Appends events to the journal. */
  appendEvents(events: readonly DomainEvent[]): void;
};
