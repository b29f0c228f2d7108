import { err, ok, type Result } from 'neverthrow';
import type { User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { assetIdsOf, type MediaAsset, type MediaRef, type MediaStore } from '../../media/index.js';
import type { PolicyMedia } from '../../policy/index.js';

/**
 * Checks that every asset a request names is active and the user's own (`media_not_found`
 * otherwise, without saying which case: another user's id must look like an unknown one), and
 * returns what is known about each slide for the policy.
 */
export async function resolveMedia(
  media: MediaStore,
  user: User,
  refs: readonly MediaRef[],
): Promise<Result<PolicyMedia[], SvcError>> {
  const assetIds = assetIdsOf(refs);
  const assets = new Map<string, MediaAsset>();
  if (assetIds.length > 0) {
    for (const asset of await media.getMediaAssets([...new Set(assetIds)])) {
      if (asset.ownerId === user.id && asset.status === 'active') assets.set(asset.id, asset);
    }
  }
  const missing = assetIds.filter((id) => !assets.has(id));
  if (missing.length > 0) {
    return err(
      svcError(
        'media_not_found',
        `Media ${[...new Set(missing)].join(', ')} not found. Upload it with POST /api/v1/media or import it with POST /api/v1/media/from-url first.`,
        { field: 'mediaIds', missing: [...new Set(missing)] },
      ),
    );
  }
  return ok(
    refs.map((ref) => {
      if (ref.kind === 'link') return {};
      const asset = assets.get(ref.mediaId) as MediaAsset;
      return {
        contentType: asset.contentType,
        sizeBytes: asset.sizeBytes,
        width: asset.width,
        height: asset.height,
        durationMs: asset.durationMs,
      };
    }),
  );
}
