import { describe, expect, it } from 'vitest';
import { recentActivity } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { aPost, aUser } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { RESTORE_WINDOW_MS } from '../post-state-machine.js';
import { scheduledEvents } from '../transition-events.js';
import { deletePost } from './delete-post.js';
import { purgeDeletedPosts } from './purge-deleted-posts.js';
import { restorePost } from './restore-post.js';

describe('purgeDeletedPosts', () => {
  const owner = aUser();
  const actor: Actor = {
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read'],
    accountIds: null,
  };

  async function deletedPosts(count: number) {
    const t = createTestDeps();
    await t.store.users.insertUser(owner);
    const posts = Array.from({ length: count }, () => aPost(owner.id, 'acct_1'));
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
      events: scheduledEvents(posts, t.clock.now()),
    });
    for (const post of posts) (await deletePost(t.deps, actor, post.id))._unsafeUnwrap();
    return { t, posts };
  }

  it('keeps a post as long as it can be restored, and purges it the moment it no longer can', async () => {
    const { t, posts } = await deletedPosts(1);
    const post = posts[0]?.id as string;
    t.clock.advance(RESTORE_WINDOW_MS);
    expect(await purgeDeletedPosts(t.deps)).toEqual({ posts: 0, mediaAssets: 0 });
    // The last moment of the window: the restore still works (and is undone for the rest).
    const restored = (await restorePost(t.deps, post, t.clock.now()))._unsafeUnwrap();
    expect(restored.deletedAt).toBeNull();
    (await deletePost(t.deps, actor, post))._unsafeUnwrap();

    t.clock.advance(RESTORE_WINDOW_MS + 1);
    expect((await restorePost(t.deps, post, t.clock.now()))._unsafeUnwrapErr().code).toBe(
      'restore_window_expired',
    );
    expect(await purgeDeletedPosts(t.deps)).toEqual({ posts: 1, mediaAssets: 0 });
    expect(await t.store.posts.getPost(post)).toBeNull();
    expect((await restorePost(t.deps, post, t.clock.now()))._unsafeUnwrapErr().code).toBe('post_not_found');
  });

  it('works through every batch, and the activity still lists the purged posts’ events without them', async () => {
    const { t, posts } = await deletedPosts(5);
    t.clock.advance(RESTORE_WINDOW_MS + 1);
    expect(await purgeDeletedPosts(t.deps, 2)).toEqual({ posts: 5, mediaAssets: 0 });
    for (const post of posts) expect(await t.store.posts.getPost(post.id)).toBeNull();

    const activity = (await recentActivity(t.deps, actor))._unsafeUnwrap();
    expect(
      activity
        .filter((e) => e.event.type === 'post.deleted')
        .map((e) => e.event.subjectId)
        .sort(),
    ).toEqual(posts.map((p) => p.id).sort());
    expect(activity.every((e) => e.post === null)).toBe(true);
  });
});
