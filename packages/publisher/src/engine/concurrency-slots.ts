import type { Platform, Post } from '@svc/core';
import type { ConcurrencyLimits } from './publisher-options.js';

/** Counts running publishes per platform and per account against the configured limits. */
export type ConcurrencySlots = {
  /** Whether `post` may start now without passing a platform or account limit. */
  canStart(post: Post): boolean;
  /** Takes the post's platform and account slots. */
  take(post: Post): void;
  /** Gives them back. */
  release(post: Post): void;
  /** Running publishes per account id (accounts with none are left out). */
  byAccount(): Map<string, number>;
};

/** Creates the slot counters; the global limit is the caller's, as it also bounds claims. */
export function createConcurrencySlots(limits: ConcurrencyLimits): ConcurrencySlots {
  const byPlatform = new Map<Platform, number>();
  const byAccount = new Map<string, number>();
  const platformLimit = (platform: Platform) =>
    typeof limits.perPlatform === 'number'
      ? limits.perPlatform
      : (limits.perPlatform[platform] ?? limits.global);
  const keys = (post: Post) => ({
    platform: post.platforms[0] as Platform,
    account: post.profileIds[0] ?? '',
  });
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const next = (map.get(key) ?? 0) + by;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    canStart(post) {
      const { platform, account } = keys(post);
      return (
        (byPlatform.get(platform) ?? 0) < platformLimit(platform) &&
        (byAccount.get(account) ?? 0) < limits.perAccount
      );
    },
    take(post) {
      const { platform, account } = keys(post);
      bump(byPlatform as Map<string, number>, platform, 1);
      bump(byAccount, account, 1);
    },
    release(post) {
      const { platform, account } = keys(post);
      bump(byPlatform as Map<string, number>, platform, -1);
      bump(byAccount, account, -1);
    },
    byAccount: () => new Map(byAccount),
  };
}
