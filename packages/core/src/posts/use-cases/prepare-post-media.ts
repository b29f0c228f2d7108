import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import type { Platform, SvcError } from '../../kernel/index.js';
import {
  directLinkFor,
  type ImportDeps,
  importLink,
  type MediaAsset,
  type MediaRef,
} from '../../media/index.js';
import { type PolicyIssue, publishesPhotoSets, validatePostPolicy } from '../../policy/index.js';
import type { PostRequest } from '../post-request.js';
import { checkFetchedLinks, type SniffMemo } from './check-fetched-links.js';
import { conversionMemo, convertImagesFor, type ImageConversion } from './convert-images.js';
import { padPhotoSet } from './pad-photo-set.js';
import { policyError } from './policy-error.js';

/** What preparing media needs. */
export type PrepareMediaDeps = ImportDeps & Pick<CoreDeps, 'images'>;

/** The slides each platform gets, what was converted on the way, and what the files revealed. */
export type PreparedMedia = {
  readonly media: ReadonlyMap<Platform, readonly MediaRef[]>;
  readonly warnings: readonly PolicyIssue[];
  readonly conversions: readonly ImageConversion[];
};

/** The parts of a request its media preparation reads. */
export type MediaRequest = Pick<PostRequest, 'caption' | 'title' | 'media' | 'platformMeta'>;

/**
 * The slides each targeted platform gets (spec 2.2, 4.1, 4.2):
 * - cloud-storage share links become direct links for every platform;
 * - for platforms that cannot publish from an outside link (TikTok, YouTube, Facebook), links are
 *   downloaded into the user's library now, so an unusable link fails the request (422) instead
 *   of the publish, and the policy is checked again with what the files turned out to be;
 * - Instagram and Threads keep links they can take; a link's first bytes are read to find those
 *   they would refuse (see checkFetchedLinks);
 * - images a platform does not take (PNG, WebP, GIF, CMYK or 16-bit JPEG, or too large) become
 *   JPEG copies for that platform only (convertImagesFor);
 * - photos of a set that differ in size from the first are padded to its size.
 * Copies are new assets of the user; the originals are left alone.
 */
export async function preparePostMedia(
  deps: PrepareMediaDeps,
  owner: User,
  request: MediaRequest,
  platforms: readonly Platform[],
): Promise<Result<PreparedMedia, SvcError>> {
  const slides = request.media.map(
    (ref): MediaRef => (ref.kind === 'link' ? { kind: 'link', url: directLinkFor(ref.url) } : ref),
  );
  const rulesOf = (p: Platform) => deps.policy.platforms[p];
  const downloading = slides.some((s) => s.kind === 'link')
    ? platforms.filter((p) => !rulesOf(p).fetchesOutsideLinks)
    : [];
  let downloaded: readonly MediaRef[] = slides;
  const warnings: PolicyIssue[] = [];
  if (downloading.length > 0) {
    const imported = await downloadLinks(deps, owner, slides);
    if (imported.isErr()) return err(imported.error);
    downloaded = imported.value.map((a) => ({ kind: 'asset', mediaId: a.id }));
    // The first check only knew the links; now the files are known, check what depends on them.
    const recheck = validatePostPolicy(
      { ...request, platforms: downloading, media: imported.value },
      deps.policy,
    );
    if (!recheck.ok) return err(policyError(recheck.errors, recheck.warnings));
    warnings.push(...recheck.warnings.filter((w) => w.platform !== null));
  }

  const media = new Map<Platform, readonly MediaRef[]>();
  const sniffed: SniffMemo = new Map();
  const memo = conversionMemo();
  const conversions: ImageConversion[] = [];
  const padded = new Map<string, MediaRef>();
  for (const platform of platforms) {
    let own: MediaRef[] = [...(rulesOf(platform).fetchesOutsideLinks ? slides : downloaded)];
    if (own.some((s) => s.kind === 'link')) {
      const checked = await checkFetchedLinks(deps, owner, platform, own, sniffed);
      if (checked.isErr()) return err(checked.error);
      own = checked.value.slides;
      warnings.push(...checked.value.warnings);
    }
    const converted = await convertImagesFor(deps, owner, platform, own, memo, conversions);
    if (converted.isErr()) return err(converted.error);
    own = converted.value;
    if (publishesPhotoSets(rulesOf(platform))) {
      const evened = await padPhotoSet(deps, owner, own, padded);
      if (evened.isErr()) return err(evened.error);
      own = evened.value;
    }
    media.set(platform, own);
  }
  return ok({ media, warnings, conversions });
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
