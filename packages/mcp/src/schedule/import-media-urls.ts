import { type Actor, type ImportDeps, importMediaFromUrl, type MediaAsset, type SvcError } from '@svc/core';
import { err, ok, type Result } from 'neverthrow';

/**
 * Imports `media_urls` into the caller's library, in slide order, so the tool knows each slide's
 * real type and size from the bytes (spec 4.2: "it reads the media bytes") before scheduling.
 * Share links are converted; AVIF and HEIC are refused by the import with re-export advice.
 * Links already imported are not downloaded again.
 */
export async function importMediaUrls(
  deps: ImportDeps,
  actor: Actor,
  urls: readonly string[],
): Promise<Result<MediaAsset[], SvcError>> {
  const assets: MediaAsset[] = [];
  for (const [index, url] of urls.entries()) {
    const imported = await importMediaFromUrl(deps, actor, url, 'convert');
    if (imported.isErr()) {
      const error = imported.error;
      return err({
        ...error,
        message: `media_urls[${index}]: ${error.message}`,
        details: { ...error.details, field: `media_urls[${index}]` },
      });
    }
    assets.push(imported.value.asset);
  }
  return ok(assets);
}
