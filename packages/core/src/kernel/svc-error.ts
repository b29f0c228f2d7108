/** The content policy's error codes (docs/policy.md): what `validatePostPolicy` refuses with. */
export const POLICY_ERROR_CODES = [
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
  'invalid_youtube_option',
  'invalid_instagram_option',
  'invalid_threads_option',
  'invalid_tiktok_option',
  'invalid_facebook_option',
] as const;

/**
 * Spec section 7's refusals of a post's targets and time: every operation that checks them (creating,
 * editing, importing posts) can answer each of these.
 */
export const TARGET_ERROR_CODES = [
  'missing_platforms',
  'unsupported_platform',
  'invalid_scheduled_time',
  'scheduled_time_in_past',
  'invalid_profile_ids',
  'profile_scope_denied',
] as const;

/**
 * Every error code the service can answer with. The first group is the closed list of spec
 * section 7; the rest are ours and are documented with their HTTP status in docs/errors.md.
 */
export const ERROR_CODES = [
  // spec section 7
  'missing_api_key',
  'invalid_api_key',
  'insufficient_scope',
  'api_access_disabled',
  'missing_content',
  ...TARGET_ERROR_CODES,
  'media_not_found',
  'missing_file',
  'file_too_large',
  'upload_plan_required',
  'storage_quota_exceeded',
  'quota_exceeded',
  'post_not_found',
  'plan_required',
  // ours: request shape and policy
  'validation_failed',
  'ambiguous_media',
  'no_connected_account',
  'idempotency_conflict',
  'invalid_post_state',
  'restore_window_expired',
  'approval_not_found',
  'duplicate_content',
  'mixed_image_sizes',
  // ours: media
  'upload_incomplete',
  'upload_not_pending',
  'invalid_upload_link',
  'invalid_media_link',
  'media_url_blocked',
  'media_url_unreachable',
  'media_url_not_a_file',
  'media_url_too_large',
  'media_url_unsupported_type',
  'media_url_share_page',
  'media_conversion_failed',
  'media_asset_not_found',
  'media_in_use',
  'media_upload_interrupted',
  // ours: connecting accounts
  'platform_unavailable',
  'connection_request_not_found',
  'connection_request_expired',
  'connection_request_used',
  'connection_refused',
  'connection_missing_scopes',
  'privacy_level_not_allowed',
  'account_needs_reconnect',
  'creator_cannot_post',
  'tiktok_url_not_verified',
  'platform_unreachable',
  'account_not_found',
  'account_has_scheduled_posts',
  // ours: posting slots and the queue (docs/queue.md)
  'no_posting_slots',
  'no_free_slot',
  'queue_changed',
  // ours: comment automations and Meta's webhooks
  'invalid_template',
  'automation_not_found',
  'automation_is_draft',
  'invalid_automation_state',
  'invalid_signature',
  'invalid_verify_token',
  // ours: outgoing webhooks
  'webhook_not_found',
  'webhook_delivery_not_found',
  'invalid_webhook_url',
  'webhook_limit_reached',
  // ours: operator actions (CLI)
  'email_taken',
  'user_not_found',
  'key_not_found',
  // ours: workspaces, members and invitations (docs/teams.md)
  'workspace_not_found',
  'member_not_found',
  'already_a_member',
  'workspace_needs_owner',
  'role_not_allowed',
  'invitation_not_found',
  'invitation_expired',
  'invitation_used',
  // ours: the approval policy and its review steps (docs/teams.md, "Approval policy")
  'approval_required',
  'invalid_approval_policy',
  'reviewer_not_allowed',
  // ours: review links for clients (docs/teams.md, "Review links")
  'review_link_not_found',
  'review_link_expired',
  'review_link_revoked',
  'review_link_used_up',
  // ours: OAuth access tokens on the agent-tool endpoint
  'invalid_access_token',
  // ours: GET /metrics behind SVC_METRICS_TOKEN
  'invalid_metrics_token',
  // ours: policy errors (validatePostPolicy), also returned by post creation
  ...POLICY_ERROR_CODES,
  // ours: the sandbox platforms' gate (docs/security.md)
  'sandbox_local_only',
  'sandbox_sign_in_required',
  'sandbox_not_requester',
  'invalid_sandbox_token',
  // ours: transport and faults
  'invalid_json',
  'unsupported_content_type',
  'payload_too_large',
  'request_timeout',
  'method_not_allowed',
  'range_not_satisfiable',
  'api_key_in_url',
  'not_found',
  'rate_limited',
  'database_unavailable',
  'internal_error',
] as const;

/** A stable, machine-readable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one error shape of the service. Core use cases return it inside `Err`; the HTTP
 * middleware and the tool wrapper turn it into `{error, code}` responses.
 */
export type SvcError = {
  readonly code: ErrorCode;
  /** What went wrong and what to do about it, written for a person. */
  readonly message: string;
  /** Extra machine-readable context (for example every policy issue, or the allowed values). */
  readonly details?: Readonly<Record<string, unknown>>;
};

/** Builds an SvcError. */
export function svcError(code: ErrorCode, message: string, details?: Record<string, unknown>): SvcError {
  return details === undefined ? { code, message } : { code, message, details };
}

/** Whether a value is an SvcError (for adapters that receive unknown throwables). */
export function isSvcError(value: unknown): value is SvcError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as { code: string }).code) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** A schema's complaints as `validation_failed` details list them: where (a dotted path), and what. */
export function schemaIssues(error: {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
