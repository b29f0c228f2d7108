import { PLATFORM_NAMES, type Platform } from '../kernel/index.js';
import {
  formatBytes,
  formatDuration,
  mediaTypeName,
  orList,
  plural,
  ratioName,
  shapeName,
  slideList,
} from './media-wording.js';
import type { PolicySlide } from './normalize-policy-input.js';
import type { PlatformRules, PolicyConfig } from './platform-limits.js';
import { policyError, policyWarning } from './policy-issue.js';
import type { PolicyIssue } from './policy-types.js';

/** The media rules of one platform: required media, slide counts, types, sizes, durations and shapes. */
export function checkPlatformMedia(
  platform: Platform,
  rules: PlatformRules,
  media: readonly PolicySlide[],
  config: PolicyConfig,
): PolicyIssue[] {
  const name = PLATFORM_NAMES[platform];
  if (media.length === 0) {
    if (rules.videoRequired) {
      return [
        policyError('video_required', platform, 'media', `${name} needs a video: add exactly one video.`),
      ];
    }
    if (rules.mediaRequired) {
      return [
        policyError(
          'media_required',
          platform,
          'media',
          `${name} needs at least one photo or video: add media (mediaUrls, mediaId or mediaIds).`,
        ),
      ];
    }
    return [];
  }
  const issues = checkSlideCount(platform, rules, media);
  const published = rules.firstSlideOnly ? media.slice(0, 1) : media;
  for (const slide of published) issues.push(...checkSlide(platform, rules, slide, config));
  const first = media[0];
  if (first !== undefined && rules.imageAspectRatio !== null) {
    const issue = checkAspectRatio(platform, rules.imageAspectRatio, first, media.length);
    if (issue !== null) issues.push(issue);
  }
  if (rules.cropsToFirstSlide) {
    const issue = checkCarouselCrop(platform, media);
    if (issue !== null) issues.push(issue);
  }
  return issues;
}

function checkSlideCount(
  platform: Platform,
  rules: PlatformRules,
  media: readonly PolicySlide[],
): PolicyIssue[] {
  const name = PLATFORM_NAMES[platform];
  const count = media.length;
  const images = media.filter((s) => s.kind === 'image').length;
  const videos = media.filter((s) => s.kind === 'video').length;
  const issues: PolicyIssue[] = [];
  if (!rules.allowsMixedMedia && !rules.videoRequired && images > 0 && videos > 0) {
    issues.push(
      policyError(
        'mixed_media',
        platform,
        'media',
        `${name} cannot mix photos and videos in one post (this one has ${plural(images, 'photo')} and ${plural(videos, 'video')}). Post either one video or only photos, and publish the rest separately.`,
      ),
    );
  } else if (rules.maxVideos !== null && videos > 0 && count > rules.maxVideos) {
    issues.push(
      policyError(
        'too_many_slides',
        platform,
        'media',
        `A ${name} video post holds ${rules.maxVideos === 1 ? 'exactly one video' : `at most ${rules.maxVideos} videos`} and nothing else; this post has ${count} slides. Keep one video and publish the rest separately.`,
      ),
    );
  } else if (rules.maxSlides !== null && count > rules.maxSlides) {
    issues.push(
      policyError(
        'too_many_slides',
        platform,
        'media',
        `${name} takes at most ${plural(rules.maxSlides, 'slide')} in one post; this post has ${count}. Remove ${count - rules.maxSlides} or split the post in two.`,
      ),
    );
  }
  if (rules.firstSlideOnly && count > 1) {
    issues.push(
      policyWarning(
        'only_first_slide',
        platform,
        'media',
        `Only slide 1 is published to ${name}; ${count === 2 ? 'slide 2 is' : `the other ${count - 1} slides are`} left out. Put the slide that matters most first.`,
      ),
    );
  }
  return issues;
}

function checkSlide(
  platform: Platform,
  rules: PlatformRules,
  slide: PolicySlide,
  config: PolicyConfig,
): PolicyIssue[] {
  const name = PLATFORM_NAMES[platform];
  const n = slide.index + 1;
  const field = `media[${slide.index}]`;
  const issues: PolicyIssue[] = [];
  if (rules.videoRequired && slide.kind === 'image') {
    issues.push(
      policyError(
        'video_required',
        platform,
        field,
        `${name} publishes videos only; slide ${n} is a photo. Use a video.`,
      ),
    );
    return issues;
  }
  const type = slide.contentType;
  // Types the service refuses are reported once, service-wide; images it can convert are
  // converted to JPEG for this platform at creation (see imageConversionFor), so they pass.
  if (type !== null && config.allowedMediaTypes.includes(type) && slide.kind !== 'unknown') {
    const accepted = slide.kind === 'image' ? rules.imageTypes : rules.videoTypes;
    if (!accepted.includes(type) && !convertible(slide, rules, config)) {
      issues.push(typeError(platform, slide, type, accepted));
    }
  }
  if (
    slide.kind === 'image' &&
    rules.maxImageBytes !== null &&
    slide.sizeBytes !== null &&
    !convertible(slide, rules, config)
  ) {
    if (slide.sizeBytes > rules.maxImageBytes) {
      issues.push(
        policyError(
          'media_too_large',
          platform,
          field,
          `Slide ${n} is ${formatBytes(slide.sizeBytes)}; ${name} takes images of at most ${formatBytes(rules.maxImageBytes)}. Export it at a lower quality or resolution.`,
        ),
      );
    }
  }
  if (slide.kind !== 'image') issues.push(...checkVideo(platform, rules, slide));
  return issues;
}

/** Whether the service can turn this image into one the platform takes (a JPEG within its size). */
function convertible(slide: PolicySlide, rules: PlatformRules, config: PolicyConfig): boolean {
  return (
    slide.kind === 'image' &&
    slide.contentType !== null &&
    rules.imageTypes.includes('image/jpeg') &&
    config.convertibleImageTypes.includes(slide.contentType)
  );
}

function typeError(
  platform: Platform,
  slide: PolicySlide,
  type: string,
  accepted: readonly string[],
): PolicyIssue {
  const name = PLATFORM_NAMES[platform];
  const what = slide.kind === 'image' ? 'photos' : 'videos';
  const message =
    accepted.length === 0
      ? `${name} does not take ${what}; slide ${slide.index + 1} is ${mediaTypeName(type)}. Remove it.`
      : `${name} takes ${what} as ${orList(accepted.map(mediaTypeName))} only; slide ${slide.index + 1} is ${mediaTypeName(type)}. Export it as ${mediaTypeName(accepted[0] ?? '')} and upload it again.`;
  return policyError('unsupported_media_type', platform, `media[${slide.index}]`, message);
}

// Unknown-type slides are checked too when they carry a duration or a shape: only videos do.
function checkVideo(platform: Platform, rules: PlatformRules, slide: PolicySlide): PolicyIssue[] {
  const name = PLATFORM_NAMES[platform];
  const n = slide.index + 1;
  const field = `media[${slide.index}]`;
  const issues: PolicyIssue[] = [];
  const duration = slide.durationMs;
  if (duration !== null && rules.maxVideoMs !== null && duration > rules.maxVideoMs) {
    issues.push(
      policyError(
        'video_too_long',
        platform,
        field,
        `Slide ${n} is a ${formatDuration(duration)} video; ${name} takes videos of at most ${formatDuration(rules.maxVideoMs)}. Trim it and upload it again.`,
      ),
    );
  }
  if (duration !== null && rules.minVideoMs !== null && duration < rules.minVideoMs) {
    issues.push(
      policyError(
        'video_too_short',
        platform,
        field,
        `Slide ${n} is a ${formatDuration(duration)} video; ${name} needs videos of at least ${formatDuration(rules.minVideoMs)}. Use a longer clip.`,
      ),
    );
  }
  if (
    rules.requiresVerticalVideo &&
    slide.width !== null &&
    slide.height !== null &&
    slide.width > slide.height
  ) {
    issues.push(
      policyError(
        'not_a_short',
        platform,
        field,
        `Slide ${n} is landscape, ${shapeName(slide.width, slide.height)}; ${name} treats only vertical or square videos as Shorts. Export it vertical (e.g. 1080x1920) or square.`,
      ),
    );
  }
  return issues;
}

function checkAspectRatio(
  platform: Platform,
  range: { readonly min: number; readonly max: number },
  first: PolicySlide,
  count: number,
): PolicyIssue | null {
  if (first.kind !== 'image' || first.width === null || first.height === null) return null;
  // Rounded so that the usual 1200x628 counts as 1.91:1.
  const ratio = Math.round((first.width / first.height) * 100) / 100;
  if (ratio >= range.min && ratio <= range.max) return null;
  const what = count === 1 ? 'a single photo' : 'the first photo of a carousel';
  return policyError(
    'aspect_ratio_unsupported',
    platform,
    `media[${first.index}]`,
    `Slide 1 is ${shapeName(first.width, first.height)}; ${PLATFORM_NAMES[platform]} takes ${what} between ${ratioName(range.min, 1)} and ${ratioName(range.max, 1)} (width/height ${range.min} to ${range.max}). Crop it to 4:5, 1:1 or 1.91:1.`,
  );
}

// Images differing from slide 1 are padded to its size by the service (see mixed_image_sizes), so
// only pairs involving a video or an unknown type are left for the platform to crop.
function checkCarouselCrop(platform: Platform, media: readonly PolicySlide[]): PolicyIssue | null {
  const first = media[0];
  if (media.length < 2 || first === undefined || first.width === null || first.height === null) return null;
  const firstRatio = first.width / first.height;
  const cropped = media.filter(
    (s) =>
      s.index > 0 &&
      s.width !== null &&
      s.height !== null &&
      !(s.kind === 'image' && first.kind === 'image') &&
      Math.abs(s.width / s.height - firstRatio) / firstRatio > 0.01,
  );
  if (cropped.length === 0) return null;
  return policyWarning(
    'carousel_cropped',
    platform,
    'media',
    `${PLATFORM_NAMES[platform]} crops every carousel slide to slide 1's aspect ratio (${ratioName(first.width, first.height)}); ${slideList(cropped.map((s) => s.index))} ${cropped.length === 1 ? 'has' : 'have'} another ratio and will be cropped. Export them at slide 1's ratio, or put the slide whose framing matters most first.`,
  );
}
