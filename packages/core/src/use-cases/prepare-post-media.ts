import { err, ok, type Result } from 'neverthrow';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { MediaAsset } from '../domain/media-asset.js';
import type { Platform } from '../domain/platform.js';
import type { MediaRef } from '../domain/post.js';
import type { PostRequest } from '../domain/post-request.js';
import { directLinkFor } from '../domain/share-links.js';
import type { SvcError } from '../domain/svc-error.js';
import type { User } from '../domain/user.js';
import type { PolicyIssue } from '../policy/policy-types.js';
import { validatePostPolicy } from '../policy/validate-post-policy.js';
import type { CoreDeps } from './core-deps.js';
import { type ImportDeps, importLink } from './import-media-from-url.js';
import { policyError } from './policy-error.js';
import { discardBlob, storageLimitOf, storageQuotaError } from './store-media-file.js';

/** What preparing media needs. */
export type PrepareMediaDeps = ImportDeps & Pick<CoreDeps, 'images'>;

/** Platforms that cannot publish from an outside link: links are downloaded into storage for them. */
const DOWNLOADED_FOR: ReadonlySet<Platform> = new Set(['tiktok', 'youtube', 'facebook']);

/** Platforms that publish every slide of a photo set, so slides of one size matter. */
const PHOTO_SETS: ReadonlySet<Platform> = new Set(['instagram', 'tiktok']);

/** Colour of the bars added when padding a photo to the set's size. */
const PAD_BACKGROUND = '#000000';

/**
 * The slides each targeted platform gets (spec 2.2, 4.1):
 * - cloud-storage share links become direct links for every platform;
 * - for TikTok, YouTube and Facebook, links are downloaded into the user's library now, so an
 *   unusable link fails the request (422) instead of the publish, and the policy is checked again
 *   with what the files turned out to be;
 * - Instagram and Threads keep the links, which the platforms fetch themselves;
 * - on Instagram and TikTok, photos of a set that differ in size from the first are padded to
 *   its size, as new assets; the originals are left alone.
 */
export async function preparePostMedia(
  deps: PrepareMediaDeps,
  owner: User,
  request: PostRequest,
  targets: readonly ConnectedAccount[],
): Promise<
  Result<{ media: ReadonlyMap<Platform, readonly MediaRef[]>; warnings: readonly PolicyIssue[] }, SvcError>
> {
  const slides = request.media.map(
    (ref): MediaRef => (ref.kind === 'link' ? { kind: 'link', url: directLinkFor(ref.url) } : ref),
  );
  const platforms = [...new Set(targets.map((t) => t.platform))];
  const media = new Map<Platform, readonly MediaRef[]>();

  const downloading = slides.some((s) => s.kind === 'link')
    ? platforms.filter((p) => DOWNLOADED_FOR.has(p))
    : [];
  let downloaded: readonly MediaRef[] = [];
  let warnings: readonly PolicyIssue[] = [];
  if (downloading.length > 0) {
    const imported = await downloadLinks(deps, owner, slides);
    if (imported.isErr()) return err(imported.error);
    downloaded = imported.value.map((a) => ({ kind: 'asset', mediaId: a.id }));
    // The first check only knew the links; now the files are known, check what depends on them.
    const recheck = validatePostPolicy(
      {
        caption: request.caption,
        title: request.title,
        platforms: downloading,
        media: imported.value,
        platformMeta: request.platformMeta,
      },
      deps.policy,
    );
    if (!recheck.ok) return err(policyError(recheck.errors, recheck.warnings));
    warnings = recheck.warnings.filter((w) => w.platform !== null);
  }
  for (const platform of platforms)
    media.set(platform, DOWNLOADED_FOR.has(platform) && downloaded.length > 0 ? downloaded : slides);

  const padded = new Map<string, MediaRef>();
  for (const platform of platforms) {
    if (!PHOTO_SETS.has(platform)) continue;
    const evened = await padPhotoSet(deps, owner, media.get(platform) ?? [], padded);
    if (evened.isErr()) return err(evened.error);
    media.set(platform, evened.value);
  }
  return ok({ media, warnings });
}

async function downloadLinks(
  deps: PrepareMediaDeps,
  owner: User,
  slides: readonly MediaRef[],
): Promise<Result<MediaAsset[], SvcError>> {
  const assets: MediaAsset[] = [];
  const byUrl = new Map<string, MediaAsset>();
  for (const slide of slides) {
    if (slide.kind === 'asset') {
      const [asset] = await deps.store.media.getMediaAssets([slide.mediaId]);
      if (asset !== undefined) assets.push(asset);
      continue;
    }
    const known = byUrl.get(slide.url);
    if (known !== undefined) {
      assets.push(known);
      continue;
    }
    const imported = await importLink(deps, owner, slide.url, 'convert');
    if (imported.isErr()) return err(imported.error);
    byUrl.set(slide.url, imported.value.asset);
    assets.push(imported.value.asset);
  }
  return ok(assets);
}

/**
 * Pads the photos of a set that differ in size from the first photo. Links and videos stay as
 * they are; `done` remembers padded copies across platforms so each is made once.
 */
async function padPhotoSet(
  deps: PrepareMediaDeps,
  owner: User,
  slides: readonly MediaRef[],
  done: Map<string, MediaRef>,
): Promise<Result<MediaRef[], SvcError>> {
  const ids = slides.flatMap((s) => (s.kind === 'asset' ? [s.mediaId] : []));
  if (ids.length < 2) return ok([...slides]);
  const assets = new Map((await deps.store.media.getMediaAssets(ids)).map((a) => [a.id, a]));
  const photos = ids
    .map((id) => assets.get(id))
    .filter((a): a is MediaAsset => a?.contentType.startsWith('image/') === true);
  const first = photos[0];
  if (first === undefined || first.width === null || first.height === null) return ok([...slides]);
  const size = { width: first.width, height: first.height };

  const result: MediaRef[] = [];
  for (const slide of slides) {
    const asset = slide.kind === 'asset' ? assets.get(slide.mediaId) : undefined;
    // Links, videos and photos already of the set's size stay as they are.
    if (
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
    const blob = await deps.images.padToSize(asset.blobKey, { ...size, background: PAD_BACKGROUND });
    const copy: MediaAsset = {
      ...asset,
      id: deps.ids.id('media'),
      ...size,
      sizeBytes: blob.sizeBytes,
      blobKey: blob.key,
      sourceUrl: null,
      createdAt: deps.clock.now(),
    };
    const limit = storageLimitOf(deps, owner);
    const added = await deps.store.media.addMediaAsset(copy, { storageLimitBytes: limit, sourceUrl: null });
    if (added.kind === 'storage_quota_exceeded')
      return discardBlob(deps, blob, storageQuotaError(added.usedBytes, limit));
    const ref: MediaRef = { kind: 'asset', mediaId: added.asset.id };
    done.set(key, ref);
    result.push(ref);
  }
  return ok(result);
}
