import { ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import { aPost, aUser } from '../../testing/builders.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { useCaseOnLivePost } from './owned-post.js';

describe('useCaseOnLivePost', () => {
  const owner = aUser();
  const actor: Actor = { user: owner, credentialId: 'key_1', scopes: ['post:write'], accountIds: null };
  const live = aPost(owner.id, 'acct_1');
  const deleted = aPost(owner.id, 'acct_1', { id: 'post_deleted', deletedAt: new Date() });
  const seeded = async () => {
    const store = createMemoryStore();
    await store.posts.insertPosts({
      ownerId: owner.id,
      at: new Date(0),
      posts: [live, deleted],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return store;
  };
  const run = async (post: { id: string }) => ok(post.id);

  it('runs on a live post of the actor', async () => {
    const store = await seeded();
    expect((await useCaseOnLivePost(store.posts, actor, 'post:write', live.id, run))._unsafeUnwrap()).toBe(
      live.id,
    );
  });

  it('answers post_not_found for a soft-deleted post, and insufficient_scope first', async () => {
    const store = await seeded();
    const gone = await useCaseOnLivePost(store.posts, actor, 'post:write', deleted.id, run);
    expect(gone._unsafeUnwrapErr().code).toBe('post_not_found');
    const refused = await useCaseOnLivePost(
      store.posts,
      { ...actor, scopes: [] },
      'post:write',
      live.id,
      run,
    );
    expect(refused._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });
});
