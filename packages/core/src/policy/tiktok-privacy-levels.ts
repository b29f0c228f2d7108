// Free of zod on purpose: the content policy imports it, and it runs in browsers too.

/** TikTok privacy levels known from the platform's documentation; each creator allows a subset. */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;

/** The one level every TikTok creator has: offered when a creator's own options cannot be read. */
export const TIKTOK_FALLBACK_PRIVACY_LEVELS: readonly string[] = ['SELF_ONLY'];
