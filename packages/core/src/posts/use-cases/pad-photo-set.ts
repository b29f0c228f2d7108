import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import {
  assetIdsOf,
  assetsById,
  type MediaAsset,
  type MediaDeps,
  type MediaRef,
  originalIdOf,
  storeDerivedAsset,
} from '../../media/index.js';

/** Colour of the bars added when padding a photo to the set's size. */
const PAD_BACKGROUND = '#000000';

/**
 * Pads the photos of a set that differ in size from the first photo (spec 2.2: mismatches are
 * padded automatically), as new assets; the originals are left alone. Links and videos stay as
 * they are; `done` remembers padded copies across platforms so each is made once per request.
 */
export async function padPhotoSet(
  deps: MediaDeps & Pick<CoreDeps, 'images'>,
  owner: User,
  slides: readonly MediaRef[],
  done: Map<string, MediaRef>,
): Promise<Result<MediaRef[], SvcError>> {
  const ids = assetIdsOf(slides);
  if (ids.length < 2) return ok([...slides]);
  const assets = await assetsById(deps, ids);
  const photos = ids
    .map((id) => assets.get(id))
    .filter((a): a is MediaAsset => a?.contentType.startsWith('image/') === true);
  const first = photos[0];
  if (first === undefined || first.width === null || first.height === null) return ok([...slides]);
  const size = { width: first.width, height: first.height };

  const result: MediaRef[] = [];
  for (const slide of slides) {
    const asset = slide.kind === 'asset' ? assets.get(slide.mediaId) : undefined;
    if (
      slide.kind !== 'asset' ||
      asset?.blobKey == null ||
      !asset.contentType.startsWith('image/') ||
      (asset.width === size.width && asset.height === size.height)
    ) {
      result.push(slide);
      continue;
    }
    const key = `${asset.id}@${size.width}x${size.height}`;
    const earlier = done.get(key);
    if (earlier !== undefined) {
      result.push(earlier);
      continue;
    }
    const putSince = deps.clock.now();
    const blob = await deps.images.padToSize(asset.blobKey, { ...size, background: PAD_BACKGROUND });
    const padded = await storeDerivedAsset(
      deps,
      owner,
      asset,
      originalIdOf(slide),
      blob,
      { contentType: asset.contentType, ...size },
      putSince,
    );
    if (padded.isErr()) return err(padded.error);
    done.set(key, padded.value);
    result.push(padded.value);
  }
  return ok(result);
}
