import { describe, expect, it } from 'vitest';
import { aPost, aUser } from '../../testing/builders.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import type { Actor } from '../actor.js';
import { namedPosts, readablePostIds } from './readable-post-ids.js';

describe('readablePostIds', () => {
  const owner = aUser();
  const actor = (accountIds: string[] | null): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['*'],
    accountIds,
  });
  const mine = aPost(owner.id, 'acct_a');
  const elsewhere = aPost(owner.id, 'acct_b');
  // A draft may name several accounts: readable only when the key sees every one of them.
  const both = aPost(owner.id, 'acct_a', { status: 'draft', profileIds: ['acct_a', 'acct_b'] });
  const ids = [mine.id, elsewhere.id, both.id];

  const seeded = async () => {
    const store = createMemoryStore();
    await store.posts.insertPosts({
      ownerId: owner.id,
      at: new Date(0),
      posts: [mine, elsewhere, both],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    return store;
  };

  it('names the posts a limited key may read and counts the others', async () => {
    const store = await seeded();
    const split = await readablePostIds(store.posts, actor(['acct_a']), ids);
    expect(split).toEqual({ postIds: [mine.id], hiddenPostCount: 2 });
    expect(namedPosts(split)).toBe(`${mine.id}, 2 posts on accounts outside this key`);
  });

  it('names every post for a key with every account, without reading them', async () => {
    const split = await readablePostIds(
      {
        getPost: () => {
          throw new Error('not read');
        },
      },
      actor(null),
      ids,
    );
    expect(split).toEqual({ postIds: ids, hiddenPostCount: 0 });
    expect(namedPosts(split)).toBe(ids.join(', '));
  });

  it('counts a post that is gone since the refusal read it', async () => {
    const store = await seeded();
    expect(await readablePostIds(store.posts, actor(['acct_a']), ['post_gone'])).toEqual({
      postIds: [],
      hiddenPostCount: 1,
    });
  });
});
