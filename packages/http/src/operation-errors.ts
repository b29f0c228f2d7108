import { ERROR_CODES, type ErrorCode, POLICY_ERROR_CODES, TARGET_ERROR_CODES } from '@svc/core';

/** The content policy's codes (docs/policy.md), which creating or editing a post can answer with. */
export const POLICY_ERRORS: readonly ErrorCode[] = [
  ...POLICY_ERROR_CODES,
  'missing_content',
  'privacy_level_not_allowed',
  'tiktok_url_not_verified',
];

/**
 * Why a link could not be read (docs/media.md): core names every such refusal `media_url_*`, so
 * the list follows the code list instead of copying it.
 */
export const MEDIA_URL_ERRORS: readonly ErrorCode[] = ERROR_CODES.filter((code) =>
  code.startsWith('media_url_'),
);

/** What reading links into the library can answer (docs/media.md). */
export const MEDIA_IMPORT_ERRORS: readonly ErrorCode[] = [
  ...MEDIA_URL_ERRORS,
  'media_conversion_failed',
  'storage_quota_exceeded',
  'upload_plan_required',
  'media_upload_interrupted',
];

/** What checking a post's targets, media and time can answer, on creation and on edits. */
export const POST_CONTENT_ERRORS: readonly ErrorCode[] = [
  ...POLICY_ERRORS,
  ...MEDIA_IMPORT_ERRORS,
  ...TARGET_ERROR_CODES,
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

/** What editing posts can answer, one post or a group's: the content checks, on posts still editable. */
export const POST_EDIT_ERRORS: readonly ErrorCode[] = [
  'post_not_found',
  'invalid_post_state',
  ...POST_CONTENT_ERRORS,
];

/** What creating posts can answer beyond their content: plan, quota and idempotency. */
export const POST_CREATE_ERRORS: readonly ErrorCode[] = [
  ...POST_CONTENT_ERRORS,
  'plan_required',
  'quota_exceeded',
  'idempotency_conflict',
  'no_posting_slots',
  'no_free_slot',
  'approval_required',
];
