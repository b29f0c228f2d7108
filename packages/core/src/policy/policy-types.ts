import type { Platform } from '../kernel/index.js';
import type { PlatformMeta } from './platform-meta.js';

/** What is known about one slide. Unknown facts are null or absent and their rules are skipped. */
export type PolicyMedia = {
  /** MIME type read from the bytes, when known. */
  readonly contentType?: string | null;
  readonly sizeBytes?: number | null;
  readonly width?: number | null;
  readonly height?: number | null;
  readonly durationMs?: number | null;
};

/** The content of a post as the policy sees it. */
export type PolicyInput = {
  readonly caption?: string | null;
  readonly title?: string | null;
  /** Platform identifiers as given; unknown ones are reported, not thrown on. */
  readonly platforms: readonly string[];
  /** Slides in published order. A caller that only knows a count passes that many `{}`. */
  readonly media?: readonly PolicyMedia[];
  /** Hashtags the caller will add besides those in the caption (with or without `#`). */
  readonly hashtags?: readonly string[];
  readonly platformMeta?: PlatformMeta | null;
};

/** Whether an issue blocks the post or only advises. */
export type PolicySeverity = 'error' | 'warning';

/** One finding of the policy. */
export type PolicyIssue = {
  /** Stable code: an ErrorCode for errors, a PolicyWarningCode for warnings. */
  readonly code: string;
  readonly severity: PolicySeverity;
  /** The platform the rule belongs to; null for rules of the service itself. */
  readonly platform: Platform | null;
  /** The input field concerned, in the payload's camelCase (`caption`, `media[2]`, `platformMeta.tiktok.privacyLevel`). */
  readonly field: string;
  /** What is wrong and what to do, for a person. */
  readonly message: string;
};

/** Every finding at once. `ok` is true when there are no errors (warnings allowed). */
export type PolicyResult = {
  readonly ok: boolean;
  readonly errors: readonly PolicyIssue[];
  readonly warnings: readonly PolicyIssue[];
};

/**
 * Codes of advisory findings. Errors use ErrorCode (domain/svc-error.ts); warnings never block a
 * post, so their codes live here and are documented in docs/policy.md.
 */
export const POLICY_WARNING_CODES = [
  'mixed_image_sizes',
  'carousel_cropped',
  'only_first_slide',
  'hashtags_ignored',
  'single_topic_tag',
  'link_not_clickable',
  'personal_data',
  'prohibited_content',
  // Added by post creation, which knows the target accounts; validatePostPolicy never emits these.
  'account_needs_reconnect',
  'posting_options_unchecked',
  'posting_limit_reached',
  'media_link_unchecked',
  'interaction_disabled',
  'made_for_kids_undeclared',
] as const;

/** A stable code of a policy warning. */
export type PolicyWarningCode = (typeof POLICY_WARNING_CODES)[number];
