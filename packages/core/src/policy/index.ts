// `@svc/core/policy`: the content policy alone, free of Node and of the rest of the core, so a
// browser can run the server's very rules (the console's compose page bundles it).
export { isPlatform, PLATFORM_INITIALS, PLATFORM_NAMES, PLATFORMS, type Platform } from '../kernel/index.js';
export { checkContentPolicy, type MixedImageSizes, publishesPhotoSets } from './check-content-policy.js';
export { FIRST_COMMENT_LIMITS, type FirstCommentLimits } from './check-first-comment.js';
export { INSTAGRAM_COLLABORATORS_MAX, INSTAGRAM_USER_TAGS_MAX } from './check-instagram-meta.js';
export { THREAD_PARTS_MAX } from './check-threads-meta.js';
export { YOUTUBE_PRIVACY_STATUSES } from './check-youtube-meta.js';
export { describePublication, type Publication } from './describe-publication.js';
export {
  clipText,
  FEED_CAPTION_CHARS,
  type FeedFrame,
  type FeedPreview,
  feedPreview,
  shownTitle,
} from './feed-preview.js';
export { type ImageConversionReason, imageConversionFor } from './image-conversion.js';
export { formatBytes, formatDuration, mediaTypeName, orList, ratioName } from './media-wording.js';
export {
  DEFAULT_POLICY_CONFIG,
  mergePolicyConfig,
  type PlatformRules,
  type PolicyConfig,
  type PolicyConfigOverrides,
  type PublicationFormats,
} from './platform-limits.js';
export {
  type FacebookMeta,
  facebookMetaSchema,
  type InstagramMeta,
  type InstagramUserTag,
  instagramMetaSchema,
  type PlatformMeta,
  platformMetaSchema,
  THREADS_REPLY_CONTROLS,
  type ThreadsMeta,
  type TiktokMeta,
  threadsMetaSchema,
  tiktokMetaSchema,
  type YouTubeMeta,
  youtubeMetaSchema,
} from './platform-meta.js';
export { policyConfigFromJson, policyConfigToJson } from './policy-config-json.js';
export { policyWarning } from './policy-issue.js';
export {
  POLICY_WARNING_CODES,
  type PolicyInput,
  type PolicyIssue,
  type PolicyMedia,
  type PolicyResult,
  type PolicySeverity,
  type PolicyWarningCode,
} from './policy-types.js';
export { DEFAULT_PROHIBITED_CONTENT, type ProhibitedContentRule } from './prohibited-content.js';
export { type TextCounter, textCounters } from './text-counters.js';
export { measureText, TEXT_COUNTING_UNITS, type TextCounting } from './text-metrics.js';
export {
  TIKTOK_DISCLOSURE_WORDING,
  type TikTokContentKind,
  tiktokContentKind,
  tiktokDisclosureSentences,
} from './tiktok-disclosure.js';
export { TIKTOK_FALLBACK_PRIVACY_LEVELS, TIKTOK_PRIVACY_LEVELS } from './tiktok-privacy-levels.js';
export { validatePostPolicy } from './validate-post-policy.js';
export { YOUTUBE_TAGS_MAX, youtubeTagsLength } from './youtube-tags-length.js';
