// What each platform accepts and the defaults the policy applies: the PolicyConfig type and
// DEFAULT_POLICY_CONFIG, a data table of every platform's documented limits, each platform listing
// what it sets over the rules-free NO_RULE, beside the type it fills.

import { ALLOWED_MEDIA_TYPES, PLATFORMS, type Platform } from '../kernel/index.js';
import { DEFAULT_PROHIBITED_CONTENT, type ProhibitedContentRule } from './prohibited-content.js';
import type { TextCounting } from './text-metrics.js';

const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** What a post is called on a platform, by what it holds; null where the platform has no such post. */
export type PublicationFormats = {
  /** No media. */
  readonly text: string | null;
  /** One photo. */
  readonly photo: string | null;
  /** Several slides published together (a carousel, a photo set). */
  readonly slides: string | null;
  /** A video. */
  readonly video: string | null;
};

/** What one platform accepts. A null limit means the platform sets none (the rule is skipped). */
export type PlatformRules = {
  /** Where a post lands, for sentences: `Instagram`, `Facebook Page`. */
  readonly publishedOn: string;
  /** The formats the publisher's adapter makes of a post (see describePublication). */
  readonly formats: PublicationFormats;
  /**
   * The platform fetches outside media links itself (Instagram, Threads); for the others the
   * service downloads links into its storage when the post is created (spec 2.2).
   */
  readonly fetchesOutsideLinks: boolean;
  /** Caption ceiling in `captionCounting` units. */
  readonly captionMax: number | null;
  readonly captionCounting: TextCounting;
  /** Caption ceiling when every slide is an image (a TikTok photo post's description); null: `captionMax`. */
  readonly photoCaptionMax: number | null;
  /** Characters the caption must not contain (YouTube: `<` and `>`). */
  readonly captionForbiddenChars: string;
  readonly titleRequired: boolean;
  /** Title ceiling in characters (code points). */
  readonly titleMax: number | null;
  /** Title ceiling when every slide is an image (TikTok photo posts); null: `titleMax`. */
  readonly photoTitleMax: number | null;
  readonly titleForbiddenChars: string;
  /** At least one slide is needed. */
  readonly mediaRequired: boolean;
  /** The post must be exactly one video (YouTube Shorts). */
  readonly videoRequired: boolean;
  /** Most slides in one post (carousel or photo set). */
  readonly maxSlides: number | null;
  /** A post holding a video holds at most this many slides, all videos. */
  readonly maxVideos: number | null;
  /** Whether images and videos may share a post. */
  readonly allowsMixedMedia: boolean;
  /** The service publishes only slide 1 here; later slides are ignored (spec 4.2). */
  readonly firstSlideOnly: boolean;
  /**
   * Most slides of a carousel published only when the operator opts in (Threads: a carousel of
   * 2–20 instead of slide 1); null where there is no such opt-in.
   */
  readonly optInCarouselMaxSlides: number | null;
  /**
   * Image types the platform takes. Others the service can convert (PolicyConfig
   * `convertibleImageTypes`) are converted to JPEG for this platform at creation instead of refused.
   */
  readonly imageTypes: readonly string[];
  readonly videoTypes: readonly string[];
  /** Largest image the platform takes; a larger convertible image is re-encoded to fit. */
  readonly maxImageBytes: number | null;
  readonly minVideoMs: number | null;
  readonly maxVideoMs: number | null;
  /** Videos must be vertical or square (YouTube treats only those as Shorts). */
  readonly requiresVerticalVideo: boolean;
  /** Allowed width/height of the first image, compared after rounding to two decimals. */
  readonly imageAspectRatio: { readonly min: number; readonly max: number } | null;
  /** The platform crops every slide to slide 1's aspect ratio (Instagram carousels). */
  readonly cropsToFirstSlide: boolean;
  /** More hashtags than this are refused. */
  readonly hashtagsMax: number | null;
  /** More hashtags than this make the platform ignore all of them (warning). */
  readonly hashtagsIgnoredAbove: number | null;
  /** Hashtags beyond this many do not become topic tags (warning). */
  readonly topicTagsMax: number | null;
  readonly mentionsMax: number | null;
  readonly linksMax: number | null;
  /** Whether links in the caption are clickable once published. */
  readonly linksClickable: boolean;
  /** Where a link does work on the platform, completing "put the link …". */
  readonly linkAdvice: string;
};

/** Every limit the policy applies. Self-hosters may change any of them (see mergePolicyConfig). */
export type PolicyConfig = {
  /** The service's own caption cap in characters (code points), spec 2.2 and 8. */
  readonly captionMax: number;
  /** Per-file size cap of the service, spec 8. */
  readonly maxFileBytes: number;
  /** Media types the service accepts at all, spec 8. */
  readonly allowedMediaTypes: readonly string[];
  /**
   * Image types the service converts to JPEG for a platform that does not take them (or takes them
   * only smaller, or only in 8-bit sRGB): PNG, WebP, GIF (its first frame) and JPEG itself.
   */
  readonly convertibleImageTypes: readonly string[];
  /** Re-export instructions for types that are refused but common (AVIF, HEIC). */
  readonly mediaTypeAdvice: Readonly<Record<string, string>>;
  readonly platforms: Readonly<Record<Platform, PlatformRules>>;
  readonly prohibitedContent: readonly ProhibitedContentRule[];
};

const HEIC_ADVICE =
  'Export the photo as JPEG or PNG and upload that file; on iPhone, set Settings > Camera > Formats > ' +
  'Most Compatible so new photos are taken as JPEG.';

/**
 * Where a platform sets no such rule: no ceiling (null), nothing required or forbidden, mixed media
 * and clickable links allowed. Each platform below starts from it and lists only what it sets.
 */
const NO_RULE = {
  photoCaptionMax: null,
  captionForbiddenChars: '',
  titleRequired: false,
  titleMax: null,
  photoTitleMax: null,
  titleForbiddenChars: '',
  mediaRequired: false,
  videoRequired: false,
  maxSlides: null,
  maxVideos: null,
  allowsMixedMedia: true,
  firstSlideOnly: false,
  optInCarouselMaxSlides: null,
  maxImageBytes: null,
  minVideoMs: null,
  maxVideoMs: null,
  requiresVerticalVideo: false,
  imageAspectRatio: null,
  cropsToFirstSlide: false,
  hashtagsMax: null,
  hashtagsIgnoredAbove: null,
  topicTagsMax: null,
  mentionsMax: null,
  linksMax: null,
  linksClickable: true,
} as const satisfies Partial<PlatformRules>;

/**
 * The defaults, from spec section 8 and shared/docs/platforms.md (sections 1.3, 2.3, 3.3, 4.3,
 * 5.2, 7). Figures marked UNCERTAIN there are noted beside them.
 */
export const DEFAULT_POLICY_CONFIG: PolicyConfig = {
  captionMax: 2200,
  maxFileBytes: 50 * MB,
  allowedMediaTypes: ALLOWED_MEDIA_TYPES,
  convertibleImageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  mediaTypeAdvice: {
    'image/avif': 'Export the image as JPEG or PNG and upload that file.',
    'image/heic': HEIC_ADVICE,
    'image/heif': HEIC_ADVICE,
    'image/heic-sequence': HEIC_ADVICE,
    'image/heif-sequence': HEIC_ADVICE,
  },
  platforms: {
    instagram: {
      ...NO_RULE,
      publishedOn: 'Instagram',
      formats: { text: null, photo: 'photo', slides: 'carousel', video: 'reel' },
      fetchesOutsideLinks: true,
      captionMax: 2200,
      captionCounting: 'code_points',
      mediaRequired: true,
      maxSlides: 10, // API carousels take 2–10 (the app allows 20; the API does not)
      imageTypes: ['image/jpeg'],
      videoTypes: ['video/mp4', 'video/quicktime'],
      maxImageBytes: 8 * MB,
      minVideoMs: 3 * SECOND, // reels: 3 s – 15 min
      maxVideoMs: 15 * MINUTE,
      imageAspectRatio: { min: 0.8, max: 1.91 }, // 4:5 … 1.91:1
      cropsToFirstSlide: true,
      // 30 per the IG User Media reference; UNCERTAIN: Instagram announced a gradual cut to 5
      // in late 2025 and some integrators already enforce 5.
      hashtagsMax: 30,
      mentionsMax: 20,
      linksClickable: false,
      linkAdvice: 'in your profile bio or on a story link sticker, and say "link in bio"',
    },
    tiktok: {
      ...NO_RULE,
      publishedOn: 'TikTok',
      formats: { text: null, photo: 'photo_set', slides: 'photo_set', video: 'video' },
      fetchesOutsideLinks: false,
      captionMax: 2200, // video posts: ≤2200 UTF-16 units
      captionCounting: 'utf16_units',
      photoCaptionMax: 4000, // photo posts: the caption is sent as the description, ≤4000
      titleRequired: true,
      titleMax: 150, // spec 2.2
      photoTitleMax: 90, // photo post title, TikTok photo-post reference
      mediaRequired: true,
      maxSlides: 35, // photo sets
      maxVideos: 1,
      allowsMixedMedia: false,
      imageTypes: ['image/jpeg', 'image/webp'],
      videoTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
      maxImageBytes: 20 * MB,
      // UNCERTAIN minimum; the maximum is the common max_video_post_duration_sec, and the
      // creator's live maximum is checked when scheduling.
      minVideoMs: 3 * SECOND,
      maxVideoMs: 600 * SECOND,
      linksClickable: false,
      linkAdvice: 'in your profile bio',
    },
    youtube: {
      ...NO_RULE,
      publishedOn: 'YouTube',
      formats: { text: null, photo: null, slides: null, video: 'short' },
      fetchesOutsideLinks: false,
      captionMax: 5000, // the caption is the video description: ≤5000 bytes
      captionCounting: 'utf8_bytes',
      captionForbiddenChars: '<>',
      titleRequired: true,
      titleMax: 100,
      titleForbiddenChars: '<>',
      videoRequired: true,
      maxSlides: 1,
      maxVideos: 1,
      allowsMixedMedia: false,
      imageTypes: [],
      videoTypes: ['video/mp4', 'video/quicktime', 'video/webm'],
      maxVideoMs: 3 * MINUTE, // Shorts: ≤3 min since October 2024
      requiresVerticalVideo: true,
      hashtagsIgnoredAbove: 60, // YouTube Help "Use hashtags": over 60, all hashtags are ignored
      linksClickable: false, // links in Shorts descriptions are not clickable since 2023-08
      linkAdvice: 'in a pinned comment or your channel description, or attach a related video to the Short',
    },
    threads: {
      ...NO_RULE,
      publishedOn: 'Threads',
      formats: { text: 'text', photo: 'photo', slides: null, video: 'video' },
      fetchesOutsideLinks: true,
      captionMax: 500,
      captionCounting: 'threads_weighted',
      firstSlideOnly: true,
      optInCarouselMaxSlides: 20, // platforms.md 4.2: carousels of 2–20
      imageTypes: ['image/jpeg', 'image/png'],
      videoTypes: ['video/mp4', 'video/quicktime'],
      maxImageBytes: 8 * MB,
      maxVideoMs: 5 * MINUTE,
      topicTagsMax: 1,
      linksMax: 5, // enforced by Threads since 2025-12-22
      linkAdvice: 'in the post text',
    },
    facebook: {
      ...NO_RULE,
      publishedOn: 'Facebook Page',
      formats: { text: 'text', photo: 'photo', slides: null, video: 'reel' },
      fetchesOutsideLinks: false,
      captionMax: 63206, // UNCERTAIN: from client code (postiz), not the official reference
      captionCounting: 'code_points',
      firstSlideOnly: true,
      imageTypes: ['image/jpeg', 'image/png', 'image/gif'], // jpeg/bmp/png/gif/tiff; no WebP
      videoTypes: ['video/mp4', 'video/quicktime', 'video/webm'],
      // UNCERTAIN: Graph docs say 10 MB; Facebook error 1366046 says under 4 MB.
      maxImageBytes: 10 * MB,
      linkAdvice: 'in the post text',
    },
  },
  prohibitedContent: DEFAULT_PROHIBITED_CONTENT,
};

/** Changes to a PolicyConfig: any top-level field, and any field of any platform's rules. */
export type PolicyConfigOverrides = {
  readonly [K in Exclude<keyof PolicyConfig, 'platforms'>]?: PolicyConfig[K];
} & {
  readonly platforms?: { readonly [P in Platform]?: Partial<PlatformRules> };
};

/** A copy of `base` with the overrides applied, platform rules merged field by field. */
export function mergePolicyConfig(
  overrides: PolicyConfigOverrides,
  base: PolicyConfig = DEFAULT_POLICY_CONFIG,
): PolicyConfig {
  const { platforms: platformOverrides, ...rest } = overrides;
  const platforms = Object.fromEntries(
    PLATFORMS.map((p) => [p, { ...base.platforms[p], ...platformOverrides?.[p] }]),
  ) as Record<Platform, PlatformRules>;
  return { ...base, ...rest, platforms };
}
