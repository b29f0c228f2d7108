import type { MediaAsset } from '../domain/media-asset.js';

/** Storage of media asset records (the bytes live in a BlobStore). */
export type MediaStore = {
  /** Inserts an asset record. */
  insertMediaAsset(asset: MediaAsset): Promise<void>;
  /** The assets with these ids that exist, each once, in no particular order. */
  getMediaAssets(ids: readonly string[]): Promise<readonly MediaAsset[]>;
};
