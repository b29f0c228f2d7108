import type { Platform } from '../kernel/index.js';

/**
 * How many posts an account of each platform may publish in a day, as the queue counts them (one
 * local day of the account's slots). From shared/docs/platforms.md: Instagram's content publishing
 * limit is 50 posts per rolling 24 h, Threads' 250; TikTok's per-creator cap is not published
 * (third parties report about 15 through the API, and `spam_risk_too_many_posts` answers past it);
 * YouTube's default quota of 10,000 units a day holds six `videos.insert` calls at 1,600 units.
 * Facebook Pages publish no daily cap: null, none.
 */
export const DAILY_POST_CAPS: Readonly<Record<Platform, number | null>> = {
  instagram: 50,
  threads: 250,
  tiktok: 15,
  youtube: 6,
  facebook: null,
};

/** The daily cap the queue keeps for an account of `platform`; null when the platform has none. */
export function dailyPostCap(platform: Platform): number | null {
  return DAILY_POST_CAPS[platform];
}
