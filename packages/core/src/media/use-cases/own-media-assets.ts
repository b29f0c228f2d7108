import type { CoreDeps } from '../../deps/index.js';
import type { MediaAsset } from '../media-asset.js';

/**
 * The owner's own assets among `ids`, in that order; another person's ids and unknown ones are
 * left out, so a form cannot show someone else's file. Any status: a post's page shows the copies
 * it published even after they left the library's listing.
 */
export async function ownMediaAssets(
  deps: Pick<CoreDeps, 'store'>,
  ownerId: string,
  ids: readonly string[],
): Promise<MediaAsset[]> {
  const found = await deps.store.media.getMediaAssets(ids);
  const mine = new Map(found.filter((a) => a.ownerId === ownerId).map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const asset = mine.get(id);
    return asset === undefined ? [] : [asset];
  });
}
