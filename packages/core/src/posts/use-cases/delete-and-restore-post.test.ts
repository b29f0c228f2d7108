import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import { listPosts } from '../../listing/index.js';
import { aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { RESTORE_WINDOW_MS } from '../post-state-machine.js';
import { deletePost } from './delete-post.js';
import { getPost } from './get-post.js';
import { restorePost } from './restore-post.js';

describe('deletePost and restorePost', () => {
  let t: TestDeps;
  const owner = aUser();
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read'],
    accountIds: null,
    ...overrides,
  });
  const seed = async (post: Post) => {
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return post;
  };

  beforeEach(() => {
    t = createTestDeps();
  });

  it('soft-deletes a scheduled post: gone from reads and the publisher, idempotent', async () => {
    const post = await seed(
      aPost(owner.id, 'acct_1', {
        scheduledTime: new Date(t.clock.now().getTime() - 1),
        dueAt: t.clock.now(),
      }),
    );
    const first = (await deletePost(t.deps, actor(), post.id))._unsafeUnwrap();
    expect(first).toEqual({
      postId: post.id,
      deleted: true,
      deletedAt: t.clock.now(),
      restorableUntil: new Date(t.clock.now().getTime() + RESTORE_WINDOW_MS),
    });
    t.clock.advance(5_000);
    expect((await deletePost(t.deps, actor(), post.id))._unsafeUnwrap()).toEqual(first);
    expect((await getPost(t.deps, actor(), post.id))._unsafeUnwrapErr().code).toBe('post_not_found');
    expect((await listPosts(t.deps, actor(), {}))._unsafeUnwrap().posts).toEqual([]);
    const claimed = await t.store.posts.claimDuePosts({
      now: t.clock.now(),
      limit: 10,
      leaseOwner: 'p',
      leaseUntil: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(claimed).toEqual([]);
  });

  it.each(['draft', 'pending_approval', 'failed'] as const)('deletes a %s post', async (status) => {
    const post = await seed(aPost(owner.id, 'acct_1', { status, dueAt: null }));
    expect((await deletePost(t.deps, actor(), post.id)).isOk()).toBe(true);
  });

  it('refuses a post being published or already posted, with what to do', async () => {
    const publishing = await seed(aPost(owner.id, 'acct_1', { status: 'publishing', leaseOwner: 'p' }));
    const posted = await seed(aPost(owner.id, 'acct_1', { status: 'posted', dueAt: null }));
    const busy = (await deletePost(t.deps, actor(), publishing.id))._unsafeUnwrapErr();
    expect(busy).toMatchObject({ code: 'invalid_post_state' });
    expect(busy.message).toContain('being published right now');
    const done = (await deletePost(t.deps, actor(), posted.id))._unsafeUnwrapErr();
    expect(done.code).toBe('invalid_post_state');
    expect(done.message).toContain('already published');
  });

  it('needs post:write and the post to be visible to the key', async () => {
    const post = await seed(aPost(owner.id, 'acct_1'));
    expect(
      (await deletePost(t.deps, actor({ scopes: ['post:read'] }), post.id))._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
    expect(
      (await deletePost(t.deps, actor({ accountIds: ['acct_2'] }), post.id))._unsafeUnwrapErr().code,
    ).toBe('post_not_found');
    expect((await deletePost(t.deps, actor({ user: aUser() }), post.id))._unsafeUnwrapErr().code).toBe(
      'post_not_found',
    );
  });

  it('restores within 30 days to the previous status; a passed time becomes due at the next run', async () => {
    const post = await seed(aPost(owner.id, 'acct_1'));
    await deletePost(t.deps, actor(), post.id);
    t.clock.advance(2 * 3_600_000);
    const restored = (await restorePost(t.deps, post.id, t.clock.now()))._unsafeUnwrap();
    expect(restored).toMatchObject({
      status: 'scheduled',
      deletedAt: null,
      scheduledTime: post.scheduledTime,
      dueAt: t.clock.now(),
    });
    expect(t.publisher.dueCalls).toEqual([t.clock.now()]);
    expect((await getPost(t.deps, actor(), post.id)).isOk()).toBe(true);
    expect((await restorePost(t.deps, post.id, t.clock.now()))._unsafeUnwrapErr().code).toBe(
      'invalid_post_state',
    );
  });

  it('keeps a future time and refuses after the window', async () => {
    const later = await seed(
      aPost(owner.id, 'acct_1', { scheduledTime: new Date(t.clock.now().getTime() + 86_400_000 * 40) }),
    );
    await deletePost(t.deps, actor(), later.id);
    t.clock.advance(86_400_000);
    expect((await restorePost(t.deps, later.id, t.clock.now()))._unsafeUnwrap().dueAt).toEqual(
      later.scheduledTime,
    );

    const old = await seed(aPost(owner.id, 'acct_1', { status: 'draft', dueAt: null }));
    await deletePost(t.deps, actor(), old.id);
    t.clock.advance(RESTORE_WINDOW_MS + 1);
    expect((await restorePost(t.deps, old.id, t.clock.now()))._unsafeUnwrapErr().code).toBe(
      'restore_window_expired',
    );
    expect((await restorePost(t.deps, 'post_unknown', t.clock.now()))._unsafeUnwrapErr().code).toBe(
      'post_not_found',
    );
  });
});
