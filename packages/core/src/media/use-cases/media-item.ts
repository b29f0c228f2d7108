import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { actorWorkspaceId } from '../../identity/index.js';
import { type PublicPostStatus, publicStatus } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import type { MediaUse } from '../ports/media-store.js';
import { publicAssetFields } from '../public-asset-fields.js';

/** A post that uses an asset: as a slide, or as the original of a copy the service made for it. */
export type MediaItemUse = { readonly postId: string; readonly status: PublicPostStatus };

/** An asset of the media library as callers see it: its facts and the posts that use it. */
export type MediaItem = {
  readonly id: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  /** The link it was imported from; null for uploads and converted copies. */
  readonly sourceUrl: string | null;
  readonly createdAt: Date;
  /** Posts (not deleted, visible to the key) that use it, newest first; empty when none does. */
  readonly usedBy: readonly MediaItemUse[];
};

/**
 * Library items of the actor's assets, in the order given. The uses of every asset are read in
 * one query, so a page costs two queries however long it is.
 */
export async function mediaItemsOf(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  assets: readonly MediaAsset[],
): Promise<MediaItem[]> {
  const uses =
    assets.length === 0
      ? []
      : await deps.store.media.listMediaUses(
          actorWorkspaceId(actor),
          assets.map((a) => a.id),
        );
  const byAsset = new Map<string, MediaUse[]>();
  for (const use of uses) {
    if (!visibleTo(use, actor)) continue;
    byAsset.set(use.mediaId, [...(byAsset.get(use.mediaId) ?? []), use]);
  }
  return assets.map((asset) => itemOf(asset, byAsset.get(asset.id) ?? []));
}

// A key limited to some accounts sees only the posts aimed at those, as in the post list.
function visibleTo(use: MediaUse, actor: Actor): boolean {
  const allowed = actor.accountIds;
  return allowed === null || use.profileIds.every((id) => allowed.includes(id));
}

function itemOf(asset: MediaAsset, uses: readonly MediaUse[]): MediaItem {
  return {
    ...publicAssetFields(asset),
    // Post ids are ULIDs: in reverse they are newest first.
    usedBy: [...uses]
      .sort((a, b) => (a.postId < b.postId ? 1 : -1))
      .map((u) => ({ postId: u.postId, status: publicStatus(u.status) })),
  };
}
