import { formatBytes, mediaTypeName, orList, shapeName, slideList } from './media-wording.js';
import type { PolicySlide } from './normalize-policy-input.js';
import type { PolicyConfig } from './platform-limits.js';
import { policyError, policyWarning } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';

/** Service-wide media rules (spec 8): accepted types, the per-file size cap, one size per photo set. */
export function checkServiceMedia(media: readonly PolicySlide[], config: PolicyConfig): PolicyIssue[] {
  const issues: PolicyIssue[] = [];
  const allowed = orList(config.allowedMediaTypes.map(mediaTypeName));
  for (const slide of media) {
    const field = `media[${slide.index}]`;
    const type = slide.contentType;
    if (type !== null && !config.allowedMediaTypes.includes(type)) {
      const advice = Object.hasOwn(config.mediaTypeAdvice, type)
        ? (config.mediaTypeAdvice[type] ?? '')
        : `Convert it to one of the accepted types: ${allowed}.`;
      issues.push(
        policyError(
          'unsupported_media_type',
          null,
          field,
          `Slide ${slide.index + 1} is ${mediaTypeName(type)}, which the service does not accept. ${advice}`,
        ),
      );
    }
    if (slide.sizeBytes !== null && slide.sizeBytes > config.maxFileBytes) {
      issues.push(
        policyError(
          'media_too_large',
          null,
          field,
          `Slide ${slide.index + 1} is ${formatBytes(slide.sizeBytes)}; files may be at most ${formatBytes(config.maxFileBytes)}. Compress it, lower its resolution or shorten it, and upload it again.`,
        ),
      );
    }
  }
  const sizeWarning = checkImageSizes(media);
  if (sizeWarning !== null) issues.push(sizeWarning);
  return issues;
}

/** The distinct pixel sizes of a post's photos, in order of first use, with the slides (0-based) of each. */
export function imageShapes(
  media: readonly PolicySlide[],
): { readonly width: number; readonly height: number; readonly slides: readonly number[] }[] {
  const shapes = new Map<string, { width: number; height: number; slides: number[] }>();
  for (const slide of media) {
    if (slide.kind !== 'image' || slide.width === null || slide.height === null) continue;
    const key = `${slide.width}x${slide.height}`;
    const shape = shapes.get(key) ?? { width: slide.width, height: slide.height, slides: [] };
    shape.slides.push(slide.index);
    shapes.set(key, shape);
  }
  return [...shapes.values()];
}

// Photo sets are padded to the first photo's pixel size (spec 2.2), which adds bars; say so.
function checkImageSizes(media: readonly PolicySlide[]): PolicyIssue | null {
  const shapes = imageShapes(media);
  if (shapes.length < 2) return null;
  const list = shapes.map((s) => `${shapeName(s.width, s.height)} on ${slideList(s.slides)}`);
  const first = shapes[0];
  const firstShape = first === undefined ? '' : shapeName(first.width, first.height);
  return policyWarning(
    'mixed_image_sizes',
    null,
    'media',
    `The photos have different pixel sizes: ${list.join('; ')}. They will be padded to the first photo's size, ${firstShape}, which adds bars. To avoid that, crop or export every photo at one size, e.g. 1080x1350 (4:5) or 1080x1080 (1:1).`,
  );
}

/**
 * The refusal of a photo set whose photos differ in pixel size, for callers who refuse instead of
 * padding (the agent tools: an agent can re-export, and the user never saw the bars); null when
 * the photos share one size.
 */
export function mixedImageSizesError(media: readonly PolicySlide[]): PolicyIssue | null {
  const shapes = imageShapes(media);
  if (shapes.length < 2) return null;
  const list = shapes.map((s) => `${s.width}x${s.height} on ${slideList(s.slides)}`);
  return policyError(
    'mixed_image_sizes',
    null,
    'media',
    `The photos have different shapes (${list.join('; ')}). Crop or export every photo at one size, e.g. 1080x1920 (9:16), 1080x1440 (3:4), 1080x1350 (4:5) or 1080x1080 (1:1), and send them again.`,
  );
}
