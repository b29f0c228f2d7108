import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { itemUseCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import type { Thumbnail } from '../ports/thumbnailer.js';
import { previewKindOf, type ThumbnailSize, thumbnailTag } from '../thumbnails.js';
import { mediaAssetNotFound, ownActiveAsset } from './get-media-item.js';

/** What a thumbnail request answers. */
export type ThumbnailAnswer = {
  /** The thumbnail's version tag (thumbnailTag): equal tags, equal bytes. */
  readonly tag: string;
  /** The thumbnail; null when the caller already holds the version `knownTag` named. */
  readonly thumbnail: Thumbnail | null;
};

/**
 * The thumbnail of one of the actor's own images at `size`, made on its first request
 * (docs/media.md, "Thumbnails"); `post:read`, like the library. Another user's asset, a video, a
 * missing id and bytes that cannot be decoded all answer `media_asset_not_found`. When `knownTag`
 * is the thumbnail's tag (the caller holds that version), nothing is read or made.
 */
export const getThumbnail = itemUseCase(
  { scope: 'post:read', action: 'media:read' },
  ownActiveAsset,
  async (
    asset: MediaAsset,
    deps: Pick<CoreDeps, 'store' | 'thumbnails'>,
    _actor,
    id,
    size: ThumbnailSize,
    knownTag: string | null = null,
  ): Promise<Result<ThumbnailAnswer, SvcError>> => {
    if (asset.blobKey === null || previewKindOf(asset.contentType) !== 'image') {
      return err(mediaAssetNotFound(id));
    }
    const tag = thumbnailTag(asset.blobKey, size);
    if (knownTag === tag) return ok({ tag, thumbnail: null });
    const thumbnail = await deps.thumbnails.thumbnail(asset.blobKey, size);
    return thumbnail === null ? err(mediaAssetNotFound(id)) : ok({ tag, thumbnail });
  },
);
