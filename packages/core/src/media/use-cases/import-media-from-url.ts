import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorOwner, checkCanUpload, entitledUseCase, type User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaAsset } from '../media-asset.js';
import type { FetchRefusal } from '../ports/media-fetcher.js';
import { recognizeShareLink } from '../share-links.js';
import { checkStorageLeft, linkedFile, type MediaDeps, storeMediaFile } from './store-media-file.js';

/** What importing a link needs besides storing media. */
export type ImportDeps = MediaDeps & Pick<CoreDeps, 'fetcher'>;

/** What to do with a cloud-storage share link that opens a web page. */
export type ShareLinkHandling = 'refuse' | 'convert';

/** An imported asset, and whether it came from an earlier import of the same link. */
export type ImportedMedia = { readonly asset: MediaAsset; readonly reused: boolean };

const linkSchema = z.url({ protocol: /^https?$/ });

/**
 * Imports a file from a link into the actor's library (POST /api/v1/media/from-url): downloads it
 * server-side through the SSRF-safe fetcher, reads its type from the bytes, and stores it like an
 * upload. The same link imported again returns the same asset without downloading it again. A
 * share link of Google Drive or Dropbox is refused with its direct link, or converted to it.
 */
export function importMediaFromUrl(
  deps: ImportDeps,
  actor: Actor,
  url: unknown,
  shareLinks: ShareLinkHandling,
): ResultAsync<ImportedMedia, SvcError> {
  return entitledUseCase(deps.clock, actor, 'media:write', checkCanUpload, async () => {
    const link = linkSchema.safeParse(url);
    if (!link.success) {
      return err(
        svcError('validation_failed', 'url must be an https link to an image or video file.', {
          field: 'url',
        }),
      );
    }
    return importLink(deps, actorOwner(actor), link.data, shareLinks);
  });
}

/** Imports one link for a user whose scope and plan were already checked (post creation uses it too). */
export async function importLink(
  deps: ImportDeps,
  owner: User,
  url: string,
  shareLinks: ShareLinkHandling,
): Promise<Result<ImportedMedia, SvcError>> {
  const share = recognizeShareLink(url);
  if (share !== null && shareLinks === 'refuse') {
    return err(
      svcError(
        'media_url_share_page',
        `This ${share.service} link opens a web page, not the file. Share the file publicly and send its direct download link instead: ${share.directUrl}`,
        { field: 'url', directUrl: share.directUrl },
      ),
    );
  }
  const earlier = await deps.store.media.findMediaBySource(owner.id, url);
  if (earlier !== null) return ok({ asset: earlier, reused: true });
  const full = await checkStorageLeft(deps, owner);
  if (full !== null) return err(full);

  const fetched = await deps.fetcher.fetch(share?.directUrl ?? url, { maxBytes: deps.policy.maxFileBytes });
  if (!fetched.ok) return err(refusalError(url, fetched.refusal));
  const stored = await storeMediaFile(deps, owner, fetched.file.body, linkedFile(url), url);
  return stored.map((asset) => ({ asset, reused: false }));
}

/** The refusal a link the fetcher would not or could not read is answered with (`media_url_*`). */
export function refusalError(url: string, refusal: FetchRefusal): SvcError {
  const details = { field: 'url', url, reason: refusal.kind };
  switch (refusal.kind) {
    case 'blocked_address':
      return svcError(
        'media_url_blocked',
        `${url} points to a private or reserved address (${refusal.detail}); only public links can be imported.`,
        details,
      );
    case 'not_https':
      return svcError(
        'media_url_blocked',
        `Only https links can be imported; ${refusal.url} is not one.`,
        details,
      );
    case 'too_large':
      return svcError(
        'media_url_too_large',
        `The file at ${url} is over the ${refusal.maxBytes / (1024 * 1024)} MB limit.`,
        {
          ...details,
          maxBytes: refusal.maxBytes,
        },
      );
    case 'http_status':
      return svcError(
        'media_url_unreachable',
        `${url} answered HTTP ${refusal.status}. Check that the link is public and points at the file.`,
        {
          ...details,
          status: refusal.status,
        },
      );
    case 'too_many_redirects':
      return svcError(
        'media_url_unreachable',
        `${url} redirects more than ${refusal.limit} times. Send the final link.`,
        details,
      );
    case 'unreachable':
      return svcError(
        'media_url_unreachable',
        `${url} could not be downloaded (${refusal.detail}). Check that it is public and try again.`,
        details,
      );
  }
}
