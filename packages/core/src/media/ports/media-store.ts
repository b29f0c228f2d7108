import type { DomainEvent } from '../../journal/index.js';
import {
  type ListCursor,
  type ListPageRequest,
  OUTGOING_POST_STATUSES,
  type PostStatus,
} from '../../kernel/index.js';
import type { BlobRemovalClaim, BlobRemovalRequest } from '../blob-removal.js';
import type { MediaAsset } from '../media-asset.js';

/** What adding a stored file did. Only `added` used storage quota. */
export type AddMediaOutcome =
  | { readonly kind: 'added'; readonly asset: MediaAsset }
  /** The owner already has an active asset with these bytes; it is returned instead. */
  | { readonly kind: 'existing'; readonly asset: MediaAsset }
  | { readonly kind: 'storage_quota_exceeded'; readonly usedBytes: number; readonly limitBytes: number }
  | BlobBeingRemoved;

/**
 * Nothing was recorded: a sweep holds a live claim to remove the asset's blob (no asset referred
 * to it). Once the claim is gone the bytes may be gone too; core's `recordWhileBlobStays` decides.
 */
export type BlobBeingRemoved = { readonly kind: 'blob_being_removed' };

/** What completing an upload target did. */
export type ActivateMediaOutcome =
  | { readonly kind: 'activated'; readonly asset: MediaAsset }
  /** No pending asset with that id: unknown, already completed, or not an upload target. */
  | { readonly kind: 'not_pending' }
  | { readonly kind: 'storage_quota_exceeded'; readonly usedBytes: number; readonly limitBytes: number }
  | BlobBeingRemoved;

/** The stored file an upload target received. */
export type UploadedFile = Pick<
  MediaAsset,
  'contentType' | 'sizeBytes' | 'width' | 'height' | 'durationMs' | 'blobKey'
>;

/**
 * Storage of media asset records (the bytes live in a BlobStore). Each owner has a storage usage
 * counter: the sizes of the assets added or activated for them, checked and updated in the same
 * transaction as the record, so concurrent uploads cannot pass the quota together.
 */
export type MediaStore = {
  /**
   * Adds an active asset, unless the owner already has an active asset with the same blob (then
   * that one is returned and nothing is used), or the asset would take the owner's usage over
   * `storageLimitBytes`. With `sourceUrl`, the link is remembered for `findMediaBySource`, also
   * when an existing asset is returned.
   */
  addMediaAsset(
    asset: MediaAsset,
    options: {
      readonly storageLimitBytes: number;
      readonly sourceUrl: string | null;
      /** Appended to the journal in the same transaction when the asset is `added`. */
      readonly events?: readonly DomainEvent[];
      /**
       * The time of recording: a removal claim on the blob that ended before it does not block.
       * Absent, every claim blocks (the cautious reading); use cases always give it.
       */
      readonly now?: Date;
      /**
       * When the put of the asset's bytes began: a removal of the blob released at or after it
       * blocks too (the put may have touched bytes the sweep then deleted). Absent, any blocks.
       */
      readonly putSince?: Date;
    },
  ): Promise<AddMediaOutcome>;
  /** Records a pending asset: an upload target whose bytes have not arrived. */
  insertPendingAsset(asset: MediaAsset): Promise<void>;
  /**
   * Removes up to `limit` pending assets made before `createdBefore` (upload targets whose bytes
   * never came), oldest first; how many it removed. An upload completing at the same moment either
   * activates its asset first (kept) or finds it gone (refused): never half of each.
   */
  deleteAbandonedUploads(createdBefore: Date, limit: number): Promise<number>;
  /** Turns a pending asset into an active one holding the uploaded file, within the quota. */
  activatePendingAsset(
    id: string,
    file: UploadedFile,
    options: {
      readonly storageLimitBytes: number;
      /** Appended to the journal in the same transaction when the asset is `activated`. */
      readonly events?: readonly DomainEvent[];
      /** As for `addMediaAsset`: a removal claim on the file's blob that ended before it does not block. */
      readonly now?: Date;
      /** As for `addMediaAsset`: when the put of the file's bytes began. */
      readonly putSince?: Date;
    },
  ): Promise<ActivateMediaOutcome>;
  /** The owner's active asset first imported from this link; null when there is none. */
  findMediaBySource(ownerId: string, url: string): Promise<MediaAsset | null>;
  /** An asset by id, whatever its status; null when absent. */
  getMediaAsset(id: string): Promise<MediaAsset | null>;
  /** The assets with these ids that exist, each once, in no particular order. */
  getMediaAssets(ids: readonly string[]): Promise<readonly MediaAsset[]>;
  /** The storage the owner uses now, in bytes. */
  getStorageUsed(ownerId: string): Promise<number>;
  /** Whether any asset, of any owner, refers to a blob (before removing an unused one). */
  isBlobReferenced(blobKey: string): Promise<boolean>;
  /** Those of the blob keys some asset (of any owner, in any status) refers to, each once: one query. */
  listReferencedBlobs(blobKeys: readonly string[]): Promise<readonly string[]>;
  /**
   * Claims the removal of a blob's bytes, only when no asset refers to it and no other live claim
   * holds it (an expired one is taken over). Serialised with every asset recording of the same
   * blob key, which refuses with `blob_being_removed` while the claim lives: between the claim and
   * its release no asset can start referring to the blob.
   */
  claimBlobRemoval(request: BlobRemovalRequest): Promise<BlobRemovalClaim>;
  /**
   * Ends the claimant's claim on a blob (no-op when it holds none, e.g. after a takeover). With
   * `removedAt` (a time after the bytes were deleted) the removal is remembered, so a recording
   * whose put began before it refuses: that put may have landed on the deleted bytes.
   */
  releaseBlobRemoval(blobKey: string, claimant: string, removedAt: Date | null): Promise<void>;
  /** Whether a claim to remove the blob lives at `now`. */
  isBlobRemovalClaimed(blobKey: string, now: Date): Promise<boolean>;
  /** Forgets removals released before `removedBefore` (no claim held); how many it forgot. */
  forgetBlobRemovals(removedBefore: Date): Promise<number>;
  /** A page of the owner's active assets (pending upload targets left out), newest first. */
  listMediaAssets(query: MediaListQuery): Promise<MediaPage>;
  /**
   * The owner's posts (not deleted) that use any of these assets: a slide's `mediaId`, or its
   * `derivedFrom` (the original of a copy the service made), each asset and post once, in no
   * particular order. One query, whatever the number of ids.
   */
  listMediaUses(ownerId: string, mediaIds: readonly string[]): Promise<readonly MediaUse[]>;
  /**
   * Removes the owner's active asset, its source links and its size from the owner's storage
   * usage, and appends `events`, in one transaction, unless core's `mediaDeletionRefusal` refuses
   * on the asset's uses read in that transaction. Never touches the blob: unreferenced blobs are
   * left to a sweep (a concurrent upload of the same bytes may be about to use it again).
   */
  deleteMediaAsset(request: DeleteMediaRequest): Promise<DeleteMediaOutcome>;
};

/** One page of an owner's active assets, newest first (createdAt desc, id desc). */
export type MediaListQuery = ListPageRequest & { readonly ownerId: string };

/** A page of assets and where the next one starts (null when this is the last). */
export type MediaPage = { readonly assets: readonly MediaAsset[]; readonly next: ListCursor | null };

/** A post that uses an asset, directly or as the original of a derived copy. */
export type MediaUse = {
  readonly mediaId: string;
  readonly postId: string;
  readonly status: PostStatus;
  /** The post's target accounts, so a key limited to some accounts sees only its posts. */
  readonly profileIds: readonly string[];
};

/** Which asset to delete, for whom, and what the journal records of it. */
export type DeleteMediaRequest = {
  readonly ownerId: string;
  readonly id: string;
  /** Appended in the same transaction when the asset is `deleted`. */
  readonly events: readonly DomainEvent[];
};

/** What deleting an asset did. Only `deleted` wrote anything. */
export type DeleteMediaOutcome =
  | { readonly kind: 'deleted'; readonly asset: MediaAsset }
  /** No active asset with that id belongs to the owner. */
  | { readonly kind: 'not_found' }
  /** Posts that still need the asset; sorted ids. */
  | { readonly kind: 'in_use'; readonly postIds: readonly string[] };

/**
 * Statuses of posts that still need their media: a draft may be scheduled, the others are on
 * their way out. Posted and failed posts keep only their history, so they do not hold an asset.
 */
export const MEDIA_HOLDING_STATUSES: readonly PostStatus[] = ['draft', ...OUTGOING_POST_STATUSES];

/**
 * The refusal to delete an asset with these uses (read inside the store's transaction), or null
 * when nothing holds it. Every store decides with it.
 */
export function mediaDeletionRefusal(
  uses: readonly MediaUse[],
): { readonly kind: 'in_use'; readonly postIds: readonly string[] } | null {
  const holding = uses.filter((u) => MEDIA_HOLDING_STATUSES.includes(u.status)).map((u) => u.postId);
  return holding.length === 0 ? null : { kind: 'in_use', postIds: [...new Set(holding)].sort() };
}
