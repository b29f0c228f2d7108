import { expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Post } from '../posts/index.js';
import { aPost, aUser } from './builders.js';
import { at, batch } from './store-contract-support.js';

/**
 * Each field a post write may change, with a value different from `aPost`'s: a write that changes
 * only that field must store it, and keep every other one as it was.
 */
const ONE_FIELD_CHANGES: readonly Partial<Post>[] = [
  { groupId: 'group-1' },
  { status: 'publishing' },
  { caption: 'Hello again' },
  { title: 'A title' },
  { name: 'A label' },
  { platforms: ['threads'] },
  { profileIds: ['acct_2'] },
  { media: [{ kind: 'link', url: 'https://cdn.example/b.jpg' }] },
  { scheduledTime: at(90) },
  { publishedAt: at(91) },
  { failedReason: 'It went wrong.' },
  { externalId: 'ext-1' },
  { permalink: 'https://example.com/p/1' },
  { platformMeta: { instagram: { shareToFeed: false } } },
  { category: 'news' },
  { createdAt: at(-5) },
  { updatedAt: at(7) },
  { attempts: 3 },
  { dueAt: at(92) },
  { dueAt: null },
  { leaseOwner: 'pub-1' },
  { platformPostId: 'p-1' },
  { warning: 'Made private.' },
  { publishProgress: { containerId: 'c-1' } },
  { deletedAt: at(93) },
  { scheduledTime: null },
];

/**
 * Writes that change some columns of a post (SQL stores name only those in the UPDATE), registered
 * in the caller's `posts` block; `store()` is the test's fresh store.
 */
export function describePostWriteContract(store: () => Store): void {
  it('writes the one field a write changes and keeps every other, with or without the post as read', async () => {
    const owner = aUser().id;
    for (const change of ONE_FIELD_CHANGES) {
      for (const withBefore of [true, false]) {
        const post = aPost(owner, 'acct_1', { platformMeta: { instagram: { shareToFeed: true } } });
        await store().posts.insertPosts(batch(owner, [post]));
        const read = (await store().posts.getPost(post.id)) as Post;
        const changed = { ...read, ...change };
        const stored = await store().posts.updatePost(changed, 0, [], withBefore ? read : undefined);
        expect(stored, JSON.stringify(change)).toEqual({ ...changed, version: 1 });
        expect(await store().posts.getPost(post.id), JSON.stringify(change)).toEqual({
          ...changed,
          version: 1,
        });
      }
    }
  });

  it('writes a change back to the value the post had before the last write', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'acct_1', { publishProgress: { step: 'a' } });
    await store().posts.insertPosts(batch(owner, [post]));
    const first = (await store().posts.updatePost(
      { ...post, publishProgress: { step: 'b' } },
      0,
      [],
      post,
    )) as Post;
    const back = { ...first, publishProgress: { step: 'a' }, leaseOwner: 'pub-1' };
    expect(await store().posts.updatePost(back, 1, [], first)).toEqual({ ...back, version: 2 });
    expect(await store().posts.getPost(post.id)).toEqual({ ...back, version: 2 });
  });

  it('writes nothing from a stale read, not even the columns the newer write left alone', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'acct_1');
    await store().posts.insertPosts(batch(owner, [post]));
    const newer = (await store().posts.updatePost({ ...post, caption: 'Edited' }, 0, [], post)) as Post;
    for (const before of [post, undefined]) {
      const stale = { ...post, publishProgress: { containerId: 'c-1' }, leaseOwner: 'pub-1' };
      expect(await store().posts.updatePost(stale, 0, [], before)).toBeNull();
      expect(
        await store().posts.updatePosts([
          { post: stale, expectedVersion: 0, events: [], ...(before === undefined ? {} : { before }) },
        ]),
      ).toEqual({ kind: 'changed', postId: post.id });
    }
    expect(await store().posts.getPost(post.id)).toEqual(newer);
  });

  it('does not trust a post as read at another version than the expected one', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'acct_1');
    await store().posts.insertPosts(batch(owner, [post]));
    const leased = (await store().posts.updatePost({ ...post, leaseOwner: 'pub-1' }, 0, [], post)) as Post;
    // `post` (version 0) already has no lease owner; the stored row (version 1) has one.
    const released = { ...leased, leaseOwner: null, attempts: 2 };
    expect(await store().posts.updatePost(released, 1, [], post)).toEqual({ ...released, version: 2 });
    expect(await store().posts.getPost(post.id)).toEqual({ ...released, version: 2 });
  });
}
