import type { ErrorCode } from '@svc/core';

/** The content policy's codes (docs/policy.md), which creating or editing a post can answer with. */
export const POLICY_ERRORS: readonly ErrorCode[] = [
  'missing_content',
  'caption_too_long',
  'invalid_caption',
  'title_required',
  'title_too_long',
  'invalid_title',
  'media_required',
  'too_many_slides',
  'mixed_media',
  'video_required',
  'unsupported_media_type',
  'media_too_large',
  'video_too_long',
  'video_too_short',
  'not_a_short',
  'aspect_ratio_unsupported',
  'too_many_hashtags',
  'too_many_mentions',
  'too_many_links',
  'privacy_level_required',
  'invalid_privacy_level',
  'commercial_disclosure_incomplete',
  'branded_content_private',
  'privacy_level_not_allowed',
];

/** What reading links into the library can answer (docs/media.md). */
export const MEDIA_IMPORT_ERRORS: readonly ErrorCode[] = [
  'media_url_blocked',
  'media_url_unreachable',
  'media_url_not_a_file',
  'media_url_too_large',
  'media_url_unsupported_type',
  'media_url_share_page',
  'media_conversion_failed',
  'storage_quota_exceeded',
  'upload_plan_required',
];

/** What checking a post's targets, media and time can answer, on creation and on edits. */
export const POST_CONTENT_ERRORS: readonly ErrorCode[] = [
  ...POLICY_ERRORS,
  ...MEDIA_IMPORT_ERRORS,
  'missing_platforms',
  'unsupported_platform',
  'invalid_scheduled_time',
  'scheduled_time_in_past',
  'invalid_profile_ids',
  'profile_scope_denied',
  'no_connected_account',
  'media_not_found',
  'ambiguous_media',
  'mixed_image_sizes',
  'duplicate_content',
  'account_needs_reconnect',
  'creator_cannot_post',
  'platform_unavailable',
  'platform_unreachable',
];

/** What creating posts can answer beyond their content: plan, quota and idempotency. */
export const POST_CREATE_ERRORS: readonly ErrorCode[] = [
  ...POST_CONTENT_ERRORS,
  'plan_required',
  'quota_exceeded',
  'idempotency_conflict',
];
