import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';

/** An asset whose bytes may be served, with where they are. */
export type ServedMedia = { readonly asset: MediaAsset; readonly blobKey: string };

/**
 * The asset behind a signed media link (the caller checked the signature): active and with its
 * bytes stored; anything else is `not_found`, saying nothing about which case it was.
 */
export function findServedMedia(
  deps: Pick<CoreDeps, 'store'>,
  id: string,
): ResultAsync<ServedMedia, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ServedMedia, SvcError>> => {
      const asset = await deps.store.media.getMediaAsset(id);
      if (asset === null || asset.status !== 'active' || asset.blobKey === null) {
        return err(svcError('not_found', 'No such media.'));
      }
      return ok({ asset, blobKey: asset.blobKey });
    })(),
  );
}
