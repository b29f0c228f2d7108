import type { DomainEvent } from '../domain/domain-event.js';
import type { MediaAsset } from '../domain/media-asset.js';

/** What adding a stored file did. Only `added` used storage quota. */
export type AddMediaOutcome =
  | { readonly kind: 'added'; readonly asset: MediaAsset }
  /** The owner already has an active asset with these bytes; it is returned instead. */
  | { readonly kind: 'existing'; readonly asset: MediaAsset }
  | { readonly kind: 'storage_quota_exceeded'; readonly usedBytes: number; readonly limitBytes: number };

/** What completing an upload target did. */
export type ActivateMediaOutcome =
  | { readonly kind: 'activated'; readonly asset: MediaAsset }
  /** No pending asset with that id: unknown, already completed, or not an upload target. */
  | { readonly kind: 'not_pending' }
  | { readonly kind: 'storage_quota_exceeded'; readonly usedBytes: number; readonly limitBytes: number };

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
    },
  ): Promise<AddMediaOutcome>;
  /** Records a pending asset: an upload target whose bytes have not arrived. */
  insertPendingAsset(asset: MediaAsset): Promise<void>;
  /** Turns a pending asset into an active one holding the uploaded file, within the quota. */
  activatePendingAsset(
    id: string,
    file: UploadedFile,
    options: {
      readonly storageLimitBytes: number;
      /** Appended to the journal in the same transaction when the asset is `activated`. */
      readonly events?: readonly DomainEvent[];
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
};
