import type { MediaAsset } from './media-asset.js';

/** What callers see of an asset (the library, webhooks): not its owner, status or the key of its bytes. */
export type PublicAssetFields = Pick<
  MediaAsset,
  'id' | 'contentType' | 'sizeBytes' | 'width' | 'height' | 'durationMs' | 'sourceUrl' | 'createdAt'
>;

/** The fields of an asset every answer about it carries, in the order they are answered. */
export function publicAssetFields(asset: MediaAsset): PublicAssetFields {
  return {
    id: asset.id,
    contentType: asset.contentType,
    sizeBytes: asset.sizeBytes,
    width: asset.width,
    height: asset.height,
    durationMs: asset.durationMs,
    sourceUrl: asset.sourceUrl,
    createdAt: asset.createdAt,
  };
}
