import { err, ok, type Result } from 'neverthrow';
import type { User } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import { type ImportDeps, importLink } from './import-media-from-url.js';

/**
 * Imports a post's media links into the owner's library, in slide order, so every slide's real
 * type and size are known from the bytes before scheduling (spec 4.2: the tool "reads the media
 * bytes"). Share links are converted; AVIF and HEIC are refused with re-export advice, naming the
 * slide. Links already imported are not downloaded again.
 */
export async function importMediaUrls(
  deps: ImportDeps,
  owner: User,
  urls: readonly string[],
): Promise<Result<MediaAsset[], SvcError>> {
  const assets: MediaAsset[] = [];
  for (const [index, url] of urls.entries()) {
    const imported = await importLink(deps, owner, url, 'convert');
    if (imported.isErr()) {
      const error = imported.error;
      return err({
        ...error,
        message: `Slide ${index + 1}: ${error.message}`,
        details: { ...error.details, field: `mediaUrls[${index}]` },
      });
    }
    assets.push(imported.value.asset);
  }
  return ok(assets);
}
