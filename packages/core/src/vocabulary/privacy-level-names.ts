import type { TIKTOK_PRIVACY_LEVELS } from '../policy/index.js';

type KnownLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** Who a TikTok post is shown to, as the TikTok app words its own privacy choices. */
export const PRIVACY_LEVEL_NAMES: Readonly<Record<KnownLevel, string>> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

/**
 * A TikTok privacy level as a person reads it. A level TikTok adds later has no name of ours yet:
 * it reads as its words in lower case rather than as a shouted identifier.
 */
export function privacyLevelName(level: string): string {
  return Object.hasOwn(PRIVACY_LEVEL_NAMES, level)
    ? PRIVACY_LEVEL_NAMES[level as KnownLevel]
    : level.toLowerCase().replaceAll('_', ' ');
}
