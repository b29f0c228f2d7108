import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, itemUseCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { type MediaItem, mediaItemsOf } from './media-item.js';

/**
 * One asset of the actor's media library with the posts that use it (`post:read`, as the list).
 * Another user's asset, an upload target still waiting for its bytes and a missing id all answer
 * `media_asset_not_found`, so ids of other tenants reveal nothing.
 */
export const getMediaItem = itemUseCase(
  { scope: 'post:read', action: 'media:read' },
  ownActiveAsset,
  async (asset, deps: Pick<CoreDeps, 'store'>, actor, id): Promise<Result<MediaItem, SvcError>> => {
    const [item] = await mediaItemsOf(deps, actor, [asset]);
    return item === undefined ? err(mediaAssetNotFound(id)) : ok(item);
  },
);

/** The actor's active asset `id`, or `media_asset_not_found`. */
export async function ownActiveAsset(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  id: string,
): Promise<Result<MediaAsset, SvcError>> {
  const asset = await deps.store.media.getMediaAsset(id);
  return asset === null || asset.ownerId !== actorWorkspaceId(actor) || asset.status !== 'active'
    ? err(mediaAssetNotFound(id))
    : ok(asset);
}

/** The `media_asset_not_found` error (404). */
export function mediaAssetNotFound(id: string): SvcError {
  return svcError(
    'media_asset_not_found',
    `No media ${id} in your library. List it with GET /api/v1/media.`,
    {
      mediaId: id,
    },
  );
}
