import type { Platform } from '../../kernel/index.js';

/** The optional features that ask a platform for more than publishing needs (docs/configuration.md). */
export type PlatformFeatures = {
  /** Metrics and follower counts (SVC_ANALYTICS). */
  readonly analytics: boolean;
  /** Reading and answering Instagram comments (SVC_COMMENT_AUTOMATIONS). */
  readonly commentAutomations: boolean;
  /** Private replies to commenters, within comment automations (SVC_PRIVATE_REPLIES). */
  readonly privateReplies: boolean;
  /** Facebook Pages reached through Business Manager (FACEBOOK_BUSINESS_PAGES). */
  readonly businessPages: boolean;
};

/** What a fresh install asks for: the features that existed before they could be switched off. */
export const DEFAULT_PLATFORM_FEATURES: PlatformFeatures = {
  analytics: true,
  commentAutomations: true,
  privateReplies: true,
  businessPages: false,
};

/** What a scope is asked for. */
export type ScopePurpose =
  | 'publishing'
  | 'analytics'
  | 'comment_automations'
  | 'private_replies'
  | 'business_pages';

/** One permission a platform app asks for, why, and what the platform wants before granting it. */
export type PlatformScope = {
  readonly scope: string;
  readonly purpose: ScopePurpose;
  /** A connection that lacks it is refused (`connection_missing_scopes`). */
  readonly required: boolean;
  /** What the platform needs before people outside the app's own roles can grant it; null: nothing. */
  readonly gate: string | null;
};

const META_REVIEW = 'Advanced Access through App Review';
const META_REVIEW_VERIFIED = 'Advanced Access through App Review, and business verification';
const TIKTOK_REVIEW = 'the scope added to the app and approved in its review';

const row = (
  scope: string,
  purpose: ScopePurpose,
  required: boolean,
  gate: string | null,
): PlatformScope => ({ scope, purpose, required, gate });

/**
 * Every scope each platform's login asks for, by purpose (platforms.md; docs/connections.md
 * "Real apps"). Publishing's are always asked; the others only when their feature is on.
 */
export const PLATFORM_SCOPES: { readonly [P in Platform]: readonly PlatformScope[] } = {
  instagram: [
    row('instagram_business_basic', 'publishing', true, META_REVIEW),
    row('instagram_business_content_publish', 'publishing', true, META_REVIEW),
    row('instagram_business_manage_insights', 'analytics', false, META_REVIEW),
    row('instagram_business_manage_comments', 'comment_automations', false, META_REVIEW_VERIFIED),
    row('instagram_business_manage_messages', 'private_replies', false, META_REVIEW_VERIFIED),
  ],
  threads: [
    row('threads_basic', 'publishing', true, META_REVIEW),
    row('threads_content_publish', 'publishing', true, META_REVIEW),
    row('threads_manage_insights', 'analytics', false, META_REVIEW),
  ],
  facebook: [
    row('pages_show_list', 'publishing', true, META_REVIEW),
    row('pages_manage_posts', 'publishing', true, META_REVIEW),
    row('pages_read_engagement', 'publishing', true, META_REVIEW),
    row('business_management', 'business_pages', false, META_REVIEW_VERIFIED),
  ],
  tiktok: [
    row('user.info.basic', 'publishing', true, null),
    // The username, for the profile link; without it the display name stands in.
    row('user.info.profile', 'publishing', false, TIKTOK_REVIEW),
    row('user.info.stats', 'analytics', false, TIKTOK_REVIEW),
    row('video.list', 'analytics', false, TIKTOK_REVIEW),
    row('video.publish', 'publishing', true, `${TIKTOK_REVIEW} (Direct Post)`),
  ],
  youtube: [
    row('https://www.googleapis.com/auth/youtube.upload', 'publishing', true, 'Google OAuth verification'),
    row('https://www.googleapis.com/auth/youtube.readonly', 'publishing', true, 'Google OAuth verification'),
  ],
};

/** Whether the features ask for scopes of this purpose. */
export function purposeEnabled(purpose: ScopePurpose, features: PlatformFeatures): boolean {
  switch (purpose) {
    case 'publishing':
      return true;
    case 'analytics':
      return features.analytics;
    case 'comment_automations':
      return features.commentAutomations;
    case 'private_replies':
      // A private reply is one of a comment automation's actions.
      return features.commentAutomations && features.privateReplies;
    case 'business_pages':
      return features.businessPages;
  }
}

/** The scopes a platform's login asks for with these features on, in the table's order. */
export function scopesFor(platform: Platform, features: PlatformFeatures): string[] {
  return PLATFORM_SCOPES[platform].filter((s) => purposeEnabled(s.purpose, features)).map((s) => s.scope);
}

/** The scopes without which a connection is refused. */
export function requiredScopes(platform: Platform): string[] {
  return PLATFORM_SCOPES[platform].filter((s) => s.required).map((s) => s.scope);
}

/** The required scopes a grant lacks; scopes may be written with commas or spaces. */
export function missingRequiredScopes(platform: Platform, granted: readonly string[]): string[] {
  const held = new Set(granted.flatMap((g) => g.split(/[\s,]+/)).filter((g) => g !== ''));
  return requiredScopes(platform).filter((scope) => !held.has(scope));
}
