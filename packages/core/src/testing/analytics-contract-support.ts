import type { Store } from '../deps/index.js';
import type { Platform } from '../kernel/index.js';
import { type Post, transition } from '../posts/index.js';
import { aPost } from './builders.js';
import { seedClaimedPost } from './seed-published-posts.js';

// What the analytics parts of the store contract share.

/** A Monday, the time the parts date their posts around. */
export const T0 = new Date('2026-03-02T00:00:00.000Z');
/** An hour in milliseconds. */
export const HOUR = 3_600_000;
/** A day in milliseconds. */
export const DAY = 24 * HOUR;
/** `ms` after T0. */
export const at = (ms: number) => new Date(T0.getTime() + ms);
/** The owner of the posts the parts publish. */
export const OWNER = 'user_01JANALYTICSOWNER000000000';

/**
 * Schedules, claims and publishes one post through the post store, as the publisher does;
 * `publicIdPending` publishes it under a publish handle, its public id held back (TikTok).
 */
export async function publish(
  store: Store,
  post: Post,
  publishedAt: Date,
  publicIdPending = false,
): Promise<Post> {
  const mine = await seedClaimedPost(store, post, publishedAt, {
    insertedAt: new Date(publishedAt.getTime() - HOUR),
    windowStart: T0,
    journal: true,
    leaseOwner: 'publisher',
  });
  const done = transition(mine, {
    type: 'succeed',
    at: publishedAt,
    leaseOwner: 'publisher',
    ...(publicIdPending
      ? { platformPostId: `pub_${post.id}`, permalink: null, publicIdPending: true }
      : { platformPostId: `pp_${post.id}`, permalink: `https://example.test/${post.id}` }),
  })._unsafeUnwrap();
  const stored = await store.posts.updatePost(done.post, mine.version, done.events);
  if (stored === null) throw new Error(`post ${post.id} was not recorded`);
  return stored;
}

/** A post of OWNER to `platform` through `account`, in `category`. */
export const postOn = (id: string, platform: Platform, account: string, category: string | null = null) =>
  aPost(OWNER, account, { id, platforms: [platform], category });

/** Follows the journal to its end, two events at a time. */
export async function followAll(store: Store): Promise<void> {
  while ((await store.analytics.followJournal(2)) > 0) {
    // Small pages, so the cursor is tested across pages.
  }
}

/** Claims the collections due at `now` for a minute. */
export const claim = (store: Store, now: Date, leaseOwner = 'collector-1', limit = 100) =>
  store.analytics.claimCollections({ now, leaseOwner, leaseUntil: new Date(now.getTime() + 60_000), limit });
