import type { CoreDeps } from '../../deps/index.js';
import type { PostPurgeOutcome } from '../ports/post-purge.js';
import { RESTORE_WINDOW_MS } from '../post-state-machine.js';

/** Posts removed per transaction: small enough to keep each one short beside live traffic. */
export const POST_PURGE_BATCH = 200;

/**
 * Removes for good the posts soft-deleted longer ago than the restore window (30 days: the same
 * constant that refuses a later restore), batch after batch until none is left, each batch one
 * transaction with everything that belongs to its posts (PostStore.purgeDeletedPosts). Safe on
 * several processes at once: each post is removed by one of them. Answers what went.
 */
export async function purgeDeletedPosts(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  batch = POST_PURGE_BATCH,
): Promise<PostPurgeOutcome> {
  const now = deps.clock.now();
  const deletedBefore = new Date(now.getTime() - RESTORE_WINDOW_MS);
  // At least one per batch: a batch of none would never end the loop.
  const limit = Math.max(1, Math.floor(batch));
  let posts = 0;
  let mediaAssets = 0;
  for (;;) {
    const done = await deps.store.posts.purgeDeletedPosts({ deletedBefore, limit, at: now });
    posts += done.posts;
    mediaAssets += done.mediaAssets;
    if (done.posts < limit) return { posts, mediaAssets };
  }
}
