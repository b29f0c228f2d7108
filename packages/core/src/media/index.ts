// @svc/core/media — Media: the library's assets, their bytes, uploads, imports from links, derived copies and sweeps.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  type BlobRemovalClaim,
  type BlobRemovalRequest,
  blobRemovalBlocks,
  blobRemovalClaimLives,
  decideBlobRemovalClaim,
  type HeldBlobRemoval,
} from './blob-removal.js';
export { type MediaAsset, mediaAssetSchema } from './media-asset.js';
export { mediaDeletedEvent, mediaReadyEvent } from './media-events.js';
export { assetIdsOf, type MediaRef, mediaRefSchema } from './media-ref.js';
export type { BlobRemovalTx } from './ports/blob-removal-tx.js';
export type {
  BlobFacts,
  BlobPutError,
  BlobReader,
  BlobStore,
  ListedBlob,
  StoredBlob,
} from './ports/blob-store.js';
export type { ImageProcessor, JpegCopy } from './ports/image-processor.js';
export type { FetchedFile, FetchRefusal, MediaFetcher } from './ports/media-fetcher.js';
export type { MediaFacts, MediaInspector } from './ports/media-inspector.js';
export {
  type ActivateMediaOutcome,
  type AddMediaOutcome,
  type BlobBeingRemoved,
  type DeleteMediaOutcome,
  type DeleteMediaRequest,
  MEDIA_HOLDING_STATUSES,
  type MediaListQuery,
  type MediaPage,
  type MediaStore,
  type MediaUse,
  mediaDeletionRefusal,
  type UploadedFile,
} from './ports/media-store.js';
export type { Thumbnail, Thumbnailer } from './ports/thumbnailer.js';
export { type PublicAssetFields, publicAssetFields } from './public-asset-fields.js';
export { directLinkFor, recognizeShareLink, type ShareLink } from './share-links.js';
export {
  previewKindOf,
  THUMBNAIL_SIZES,
  type ThumbnailSize,
  thumbnailDimensions,
  thumbnailSizeOf,
  thumbnailTag,
} from './thumbnails.js';
export { assetsById } from './use-cases/assets-by-id.js';
export { claimBlobRemovalScript } from './use-cases/claim-blob-removal-script.js';
export { deleteMedia } from './use-cases/delete-media.js';
export { originalIdOf, storeDerivedAsset } from './use-cases/derived-asset.js';
export { findServedMedia, type ServedMedia } from './use-cases/find-served-media.js';
export { getMediaItem } from './use-cases/get-media-item.js';
export { getThumbnail, type ThumbnailAnswer } from './use-cases/get-thumbnail.js';
export {
  type ImportDeps,
  type ImportedMedia,
  importLink,
  importMediaFromUrl,
  refusalError,
  type ShareLinkHandling,
} from './use-cases/import-media-from-url.js';
export { importMediaUrls } from './use-cases/import-media-urls.js';
export { LIST_MEDIA_LIMITS, type ListMediaInput, listMedia, type MediaList } from './use-cases/list-media.js';
export type { MediaItem, MediaItemUse } from './use-cases/media-item.js';
export { ownMediaAssets } from './use-cases/own-media-assets.js';
export {
  BLOB_REMOVAL_WAIT,
  type BlobRecording,
  recordWhileBlobStays,
} from './use-cases/record-while-blob-stays.js';
export type { MediaDeps } from './use-cases/store-media-file.js';
export { ABANDONED_UPLOAD_GRACE_MS, sweepAbandonedUploads } from './use-cases/sweep-abandoned-uploads.js';
export {
  BLOB_REMOVAL_CLAIM_MS,
  ORPHANED_BLOB_GRACE_MS,
  type OrphanedBlobSweep,
  type OrphanedBlobSweepOptions,
  sweepOrphanedBlobs,
} from './use-cases/sweep-orphaned-blobs.js';
export { uploadMedia } from './use-cases/upload-media.js';
export {
  completeUpload,
  createUploadTarget,
  UPLOAD_TARGET_LIFETIME_MS,
  type UploadTarget,
} from './use-cases/upload-targets.js';
