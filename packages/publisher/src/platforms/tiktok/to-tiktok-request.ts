import { clipText, DEFAULT_POLICY_CONFIG, type Post, type PublishMedia } from '@svc/core';
import { isVideo } from '../shared/is-video.js';
import { type RequestOutcome, refusedRequest, requestOf } from '../shared/request-outcome.js';

/** The post's `platformMeta.tiktok` settings, as TikTok's `post_info` needs them. */
export type TikTokPostSettings = {
  readonly privacyLevel: string;
  readonly disableComment: boolean;
  readonly disableDuet: boolean;
  readonly disableStitch: boolean;
  /** `brandContentOptIn`: a paid partnership. */
  readonly brandContent: boolean;
  /** `brandOrganicOptIn`: the creator's own brand. */
  readonly brandOrganic: boolean;
  /** `isAigc`: labelled as AI-generated content (videos only). */
  readonly aigc: boolean;
  readonly coverTimestampMs: number | null;
};

/** A video post: one stored video, uploaded in chunks from our storage. */
export type TikTokVideoRequest = {
  readonly kind: 'video';
  readonly video: PublishMedia & { readonly blobKey: string };
  /** TikTok's video `title` is the caption shown under the video (≤ 2200 UTF-16 units). */
  readonly title: string;
  readonly settings: TikTokPostSettings;
};

/** A photo post: 1 to 35 images TikTok pulls from our links. */
export type TikTokPhotoRequest = {
  readonly kind: 'photos';
  readonly urls: readonly string[];
  /** ≤ 90 UTF-16 units. */
  readonly title: string;
  /** ≤ 4000 UTF-16 units. */
  readonly description: string;
  readonly settings: TikTokPostSettings;
};

/** What a post becomes on TikTok. */
export type TikTokRequest = TikTokVideoRequest | TikTokPhotoRequest;

// The same ceilings the content policy checks at creation, from their one source.
const MAX_PHOTOS = DEFAULT_POLICY_CONFIG.platforms.tiktok.maxSlides ?? 35;
const PHOTO_TITLE_MAX = DEFAULT_POLICY_CONFIG.platforms.tiktok.photoTitleMax ?? 90;

/**
 * The TikTok post for a post and its slides. A video's caption is the post's caption (its
 * `title` on TikTok), falling back to the post's title when the caption is empty. A photo post
 * shows a short title above the caption: the post's title, else the caption's start (cut at a
 * word, up to 90 units), with the whole caption as the description.
 */
export function toTikTokRequest(post: Post, media: readonly PublishMedia[]): RequestOutcome<TikTokRequest> {
  const meta = post.platformMeta?.tiktok;
  const privacyLevel = meta?.privacyLevel;
  if (privacyLevel === undefined || privacyLevel === '') {
    return refusedRequest(
      'TikTok needs platformMeta.tiktok.privacyLevel; set one of the levels the creator allows.',
    );
  }
  const settings: TikTokPostSettings = {
    privacyLevel,
    disableComment: meta?.disableComment === true,
    disableDuet: meta?.disableDuet === true,
    disableStitch: meta?.disableStitch === true,
    brandContent: meta?.brandContentOptIn === true,
    brandOrganic: meta?.brandOrganicOptIn === true,
    aigc: meta?.isAigc === true,
    coverTimestampMs: meta?.videoCoverTimestampMs ?? null,
  };
  const videos = media.filter(isVideo);
  if (media.length === 0) {
    return refusedRequest(`A TikTok post needs one video or 1 to ${MAX_PHOTOS} photos.`);
  }
  if (videos.length > 0) {
    const video = videos[0];
    if (media.length > 1 || video === undefined) {
      return refusedRequest('A TikTok video post holds exactly one video and nothing else.');
    }
    if (video.blobKey === null) {
      return refusedRequest(
        'TikTok videos are uploaded from the service storage, but this video is an outside link; upload the file (or create the post again so it is stored).',
      );
    }
    const title = post.caption.trim() === '' ? (post.title ?? '') : post.caption;
    return requestOf({ kind: 'video', video: { ...video, blobKey: video.blobKey }, title, settings });
  }
  if (settings.aigc) {
    // Photo posts have no is_aigc field: the policy refuses the label there, and so does this.
    return refusedRequest(
      'TikTok labels AI-generated content on videos only: remove isAigc or post a video.',
    );
  }
  if (media.length > MAX_PHOTOS) {
    return refusedRequest(`A TikTok photo post holds at most ${MAX_PHOTOS} photos (got ${media.length}).`);
  }
  const title = clip(post.title?.trim() || post.caption.trim(), PHOTO_TITLE_MAX);
  return requestOf({
    kind: 'photos',
    urls: media.map((m) => m.url),
    title,
    description: post.caption,
    settings,
  });
}

/** At most `max` UTF-16 units, cut at a word: core's rule, which Compose's preview shows too. */
export const clip = clipText;

// The `post_info` fields video and photo posts both carry.
function commonPostInfo(
  request: TikTokRequest,
  forceOff: readonly string[],
): Readonly<Record<string, unknown>> {
  const { settings } = request;
  return {
    title: request.title,
    privacy_level: settings.privacyLevel,
    disable_comment: settings.disableComment || forceOff.includes('comment'),
    brand_content_toggle: settings.brandContent,
    brand_organic_toggle: settings.brandOrganic,
  };
}

/** `post_info` of `video/init`: interactions off when the post or the creator turned them off. */
export function videoPostInfo(
  request: TikTokVideoRequest,
  forceOff: readonly string[],
): Readonly<Record<string, unknown>> {
  const { settings } = request;
  return {
    ...commonPostInfo(request, forceOff),
    disable_duet: settings.disableDuet || forceOff.includes('duet'),
    disable_stitch: settings.disableStitch || forceOff.includes('stitch'),
    ...(settings.coverTimestampMs === null ? {} : { video_cover_timestamp_ms: settings.coverTimestampMs }),
    is_aigc: settings.aigc,
  };
}

/** `post_info` of a photo `content/init` (photos have no duet, stitch or AI-content fields). */
export function photoPostInfo(
  request: TikTokPhotoRequest,
  forceOff: readonly string[],
): Readonly<Record<string, unknown>> {
  return { ...commonPostInfo(request, forceOff), description: request.description, auto_add_music: true };
}
