import type { PostingOptions } from '../ports/platform-gateway.js';

/**
 * A short-lived, in-process memory of creators' posting options. TikTok asks for `creator_info`
 * before each post and limits it to 20 calls a minute per token; scheduling a batch of posts (or
 * an agent checking options and then scheduling) would otherwise spend that on identical answers.
 */
export type PostingOptionsCache = {
  /** The options of `accountId` fetched less than the cache's lifetime before `now`, or null. */
  get(accountId: string, now: Date): CachedPostingOptions | null;
  set(accountId: string, options: PostingOptions, now: Date): CachedPostingOptions;
  /** Forgets an account (its tokens changed hands, or it was reconnected). */
  forget(accountId: string): void;
};

/** Options with the time they were read from the platform. */
export type CachedPostingOptions = { readonly options: PostingOptions; readonly fetchedAt: Date };

/** How long posting options are reused by default: a minute, short enough that a change in the app shows quickly. */
export const POSTING_OPTIONS_TTL_MS = 60_000;

/** A PostingOptionsCache holding at most `maxEntries` accounts (oldest dropped first). */
export function createPostingOptionsCache(
  ttlMs: number = POSTING_OPTIONS_TTL_MS,
  maxEntries = 10_000,
): PostingOptionsCache {
  // A Map keeps insertion order, so the first key is always the oldest entry.
  const entries = new Map<string, CachedPostingOptions>();
  return {
    get(accountId, now) {
      const entry = entries.get(accountId);
      if (entry === undefined) return null;
      if (now.getTime() - entry.fetchedAt.getTime() >= ttlMs) {
        entries.delete(accountId);
        return null;
      }
      return entry;
    },
    set(accountId, options, now) {
      const entry = { options, fetchedAt: now };
      entries.delete(accountId);
      entries.set(accountId, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return entry;
    },
    forget(accountId) {
      entries.delete(accountId);
    },
  };
}
