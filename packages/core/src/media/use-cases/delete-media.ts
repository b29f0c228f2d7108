import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  actorWorkspaceId,
  eventsBy,
  itemUseCase,
  namedPosts,
  type ReadablePostIds,
  readablePostIds,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { mediaDeletedEvent } from '../media-events.js';
import { mediaAssetNotFound, ownActiveAsset } from './get-media-item.js';

/**
 * Deletes an asset from the actor's media library (`media:write`), giving its size back to the
 * storage quota and recording `media.deleted`. Refused with `media_in_use` while a draft, a post
 * awaiting approval, a scheduled post or one being published uses it (as a slide, or as the
 * original of a converted copy), naming the posts the key may read and counting the others;
 * posted and failed posts keep their history and their link to it then answers 404. The bytes are
 * left for the sweep of unreferenced blobs (docs/media.md): the same bytes may be arriving again
 * right now, for this user or another.
 */
export const deleteMedia = itemUseCase(
  'media:write',
  ownActiveAsset,
  async (
    asset,
    deps: Pick<CoreDeps, 'store' | 'clock'>,
    actor,
    id,
  ): Promise<Result<MediaAsset, SvcError>> => {
    const outcome = await deps.store.media.deleteMediaAsset({
      ownerId: actorWorkspaceId(actor),
      id,
      events: eventsBy(actor, [mediaDeletedEvent(asset, deps.clock.now())]),
    });
    switch (outcome.kind) {
      case 'deleted':
        return ok(outcome.asset);
      case 'not_found':
        // Deleted by a concurrent request since it was read.
        return err(mediaAssetNotFound(id));
      case 'in_use':
        return err(inUse(id, await readablePostIds(deps.store.posts, actor, outcome.postIds)));
    }
  },
);

function inUse(id: string, holding: ReadablePostIds): SvcError {
  const count = holding.postIds.length + holding.hiddenPostCount;
  const posts = count === 1 ? 'a post that has' : `${count} posts that have`;
  return svcError(
    'media_in_use',
    `Media ${id} is used by ${posts} not gone out yet (${namedPosts(holding)}). Change their media or delete them first.`,
    { mediaId: id, ...holding },
  );
}
