import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { aPost, aUser } from '../../testing/builders.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import type { Post } from '../post.js';
import { getPost } from './get-post.js';

describe('getPost', () => {
  let store: Store;
  const owner = aUser();
  let post: Post;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:read'],
    accountIds: null,
    ...overrides,
  });
  const quota = { limit: 100, windowStart: new Date(0) };

  beforeEach(async () => {
    store = createMemoryStore();
    post = aPost(owner.id, 'acct_1');
    const deleted = aPost(owner.id, 'acct_1', { id: 'post_deleted', deletedAt: new Date() });
    await store.posts.insertPosts({
      ownerId: owner.id,
      at: new Date(0),
      posts: [post, deleted],
      idempotency: null,
      quota,
    });
  });

  it("returns the owner's post", async () => {
    expect((await getPost({ store }, actor(), post.id))._unsafeUnwrap()).toEqual(post);
  });

  it.each([
    ['an unknown id', () => [actor(), 'post_unknown'] as const],
    ["another user's post", () => [actor({ user: aUser() }), post.id] as const],
    ['a soft-deleted post', () => [actor(), 'post_deleted'] as const],
    [
      'a post to an account outside the key limit',
      () => [actor({ accountIds: ['acct_2'] }), post.id] as const,
    ],
  ])('answers post_not_found for %s', async (_, args) => {
    const [who, id] = args();
    expect((await getPost({ store }, who, id))._unsafeUnwrapErr()).toMatchObject({ code: 'post_not_found' });
  });

  it('needs post:read', async () => {
    const error = (await getPost({ store }, actor({ scopes: ['post:write'] }), post.id))._unsafeUnwrapErr();
    expect(error.code).toBe('insufficient_scope');
  });
});
