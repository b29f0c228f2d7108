import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import { PLATFORM_NAMES, type Platform, type SvcError, svcError } from '../../kernel/index.js';
import {
  assetIdsOf,
  assetsById,
  type MediaAsset,
  type MediaDeps,
  type MediaRef,
  originalIdOf,
  storeDerivedAsset,
} from '../../media/index.js';
import { type ImageConversionReason, imageConversionFor, mediaTypeName } from '../../policy/index.js';

/** One image the service converted to JPEG for a platform. */
export type ImageConversion = {
  readonly platform: Platform;
  /** The slide's position, 0-based. */
  readonly slide: number;
  /** The original's type. */
  readonly fromType: string;
  readonly reason: ImageConversionReason;
  /** The user's original asset and the JPEG the platform gets. */
  readonly originalId: string;
  readonly mediaId: string;
};

/**
 * Work shared by the platforms of one request: each original is inspected once, and converted
 * once unless a later platform needs a smaller copy than an earlier one got.
 */
export type ConversionMemo = {
  /** The JPEG copy made of an original (by its asset id) and its size. */
  readonly copies: Map<string, { readonly ref: MediaRef; readonly sizeBytes: number }>;
  readonly facts: Map<string, { colorSpace?: string | null; bitsPerChannel?: number | null }>;
};

/** A fresh memo for one request. */
export function conversionMemo(): ConversionMemo {
  return { copies: new Map(), facts: new Map() };
}

type Deps = MediaDeps & Pick<CoreDeps, 'images'>;

/**
 * The slides a platform gets with every image it would refuse re-encoded as JPEG (its type, a
 * CMYK or 16-bit JPEG, or over its size limit): spec 4.2 promises JPEG, PNG, WebP and GIF on every
 * platform, so the service exports what a platform does not take instead of refusing the post.
 * Conversions are appended to `done` for the answer's notes.
 */
export async function convertImagesFor(
  deps: Deps,
  owner: User,
  platform: Platform,
  slides: readonly MediaRef[],
  memo: ConversionMemo,
  done: ImageConversion[],
): Promise<Result<MediaRef[], SvcError>> {
  const rules = deps.policy.platforms[platform];
  const assets = await assetsById(deps, assetIdsOf(slides));
  if (assets.size === 0) return ok([...slides]);
  const maxBytes = Math.min(rules.maxImageBytes ?? deps.policy.maxFileBytes, deps.policy.maxFileBytes);
  const result: MediaRef[] = [];
  for (const [index, slide] of slides.entries()) {
    const asset = slide.kind === 'asset' ? assets.get(slide.mediaId) : undefined;
    if (slide.kind !== 'asset' || asset?.blobKey == null) {
      result.push(slide);
      continue;
    }
    const reason = imageConversionFor(
      { ...asset, ...(await colourFacts(deps, asset, memo)) },
      rules,
      deps.policy,
    );
    if (reason === null) {
      result.push(slide);
      continue;
    }
    const earlier = memo.copies.get(asset.id);
    let copy = earlier !== undefined && earlier.sizeBytes <= maxBytes ? earlier.ref : undefined;
    if (copy === undefined) {
      const putSince = deps.clock.now();
      const jpeg = await deps.images.toJpeg(asset.blobKey, { maxBytes });
      if (!jpeg.ok) {
        return err(
          svcError(
            'media_conversion_failed',
            `Slide ${index + 1} (${mediaTypeName(asset.contentType)}) could not be converted to JPEG for ${PLATFORM_NAMES[platform]}: ${jpeg.reason}. Export it as a JPEG under ${Math.floor(maxBytes / (1024 * 1024))} MB and use that file.`,
            { field: `media[${index}]`, platform, mediaId: asset.id },
          ),
        );
      }
      const stored = await storeDerivedAsset(
        deps,
        owner,
        asset,
        originalIdOf(slide),
        jpeg.blob,
        {
          contentType: 'image/jpeg',
          width: jpeg.width,
          height: jpeg.height,
        },
        putSince,
      );
      if (stored.isErr()) return err(stored.error);
      copy = stored.value;
      memo.copies.set(asset.id, { ref: copy, sizeBytes: jpeg.blob.sizeBytes });
    }
    if (copy.kind === 'asset') {
      done.push({
        platform,
        slide: index,
        fromType: asset.contentType,
        reason,
        originalId: originalIdOf(slide),
        mediaId: copy.mediaId,
      });
    }
    result.push(copy);
  }
  return ok(result);
}

/** A JPEG's colour space and depth, read from its header once per request; nothing for other types. */
async function colourFacts(
  deps: Deps,
  asset: MediaAsset,
  memo: ConversionMemo,
): Promise<{ colorSpace?: string | null; bitsPerChannel?: number | null }> {
  if (asset.contentType !== 'image/jpeg' || asset.blobKey === null) return {};
  const known = memo.facts.get(asset.id);
  if (known !== undefined) return known;
  const { colorSpace, bitsPerChannel } = await deps.inspector.inspect(asset.blobKey);
  const facts = { colorSpace: colorSpace ?? null, bitsPerChannel: bitsPerChannel ?? null };
  memo.facts.set(asset.id, facts);
  return facts;
}
