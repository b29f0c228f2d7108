import type { CoreDeps } from '../../deps/index.js';
import type { MediaAsset } from '../media-asset.js';

/**
 * The assets `ids` name, by id, whoever owns them and whatever their status (callers decide what
 * those mean); unknown ids are absent. Each is read once, and none when there are no ids.
 */
export async function assetsById(
  deps: Pick<CoreDeps, 'store'>,
  ids: readonly string[],
): Promise<Map<string, MediaAsset>> {
  if (ids.length === 0) return new Map();
  return new Map((await deps.store.media.getMediaAssets([...new Set(ids)])).map((a) => [a.id, a]));
}
