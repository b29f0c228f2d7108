import type { Store } from '../deps/index.js';
import type { Post } from '../posts/index.js';

// What the post-list and approval parts of the store contract share.

/** The time the parts' posts are dated around. */
export const T0 = new Date('2026-01-15T12:00:00.000Z');
/** `minutes` after T0. */
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
/** The owner of the posts these parts list. */
export const OWNER = 'user_01JPOSTQUERYOWNER000000000';

/** Stores posts as they are (any status), outside the quota. */
export async function seed(store: Store, posts: Post[]): Promise<void> {
  await store.posts.insertPosts({
    ownerId: OWNER,
    at: T0,
    posts,
    idempotency: null,
    quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: T0 },
  });
}
