import { expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { aPost, aUser } from './builders.js';
import { at, batch, WINDOW } from './store-contract-support.js';

/**
 * The writing half of the posts contract (inserting, idempotency, the quota, versioned updates),
 * registered in the caller's `posts` block; `store()` is the test's fresh store.
 */
export function describePostInsertContract(store: () => Store): void {
  it('inserts a batch and reads every field back', async () => {
    const owner = aUser().id;
    const rich = aPost(owner, 'acct_1', {
      groupId: 'grp_1',
      title: 'T',
      media: [
        { kind: 'asset', mediaId: 'media_1' },
        { kind: 'asset', mediaId: 'media_2' },
      ],
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY', disableDuet: true }, custom: { x: 1 } },
      externalId: 'ext-1',
      category: 'launch',
      publishProgress: null,
    });
    const plain = aPost(owner, 'acct_2');
    const outcome = await store().posts.insertPosts(batch(owner, [rich, plain]));
    expect(outcome).toEqual({ kind: 'inserted', posts: [rich, plain] });
    expect(await store().posts.getPost(rich.id)).toEqual(rich);
    expect(await store().posts.getPost(plain.id)).toEqual(plain);
    expect(await store().posts.getPost('post_missing')).toBeNull();
  });

  it('rejects a batch holding an id that already exists, writing none of it', async () => {
    const owner = aUser().id;
    const existing = aPost(owner, 'acct_1');
    await store().posts.insertPosts(batch(owner, [existing]));
    const fresh = aPost(owner, 'acct_1');
    const clash = { ...aPost(owner, 'acct_1'), id: existing.id, caption: 'clash' };
    await expect(
      store().posts.insertPosts(
        batch(owner, [fresh, clash], { idempotency: { externalId: 'd', fingerprint: 'F' } }),
      ),
    ).rejects.toThrow();
    expect(await store().posts.getPost(fresh.id)).toBeNull();
    expect(await store().posts.getPost(existing.id)).toEqual(existing);
    expect(await store().posts.findByExternalId(owner, 'd')).toBeNull();
  });

  it('replays a batch with the same idempotency key and fingerprint, writing nothing', async () => {
    const owner = aUser().id;
    const first = [aPost(owner, 'acct_1', { externalId: 'order-7' })];
    const idempotency = { externalId: 'order-7', fingerprint: '{"a":1}' };
    await store().posts.insertPosts(batch(owner, first, { idempotency }));
    const retry = [aPost(owner, 'acct_1', { externalId: 'order-7' })];
    const outcome = await store().posts.insertPosts(batch(owner, retry, { idempotency }));
    expect(outcome).toEqual({ kind: 'replayed', posts: first });
    expect(await store().posts.getPost(retry[0]?.id ?? '')).toBeNull();
    expect(await store().posts.findByExternalId(owner, 'order-7')).toEqual({
      fingerprint: '{"a":1}',
      posts: first,
    });
  });

  it('refuses the same idempotency key with another fingerprint', async () => {
    const owner = aUser().id;
    const first = aPost(owner, 'acct_1');
    await store().posts.insertPosts(
      batch(owner, [first], { idempotency: { externalId: 'k', fingerprint: 'A' } }),
    );
    const other = aPost(owner, 'acct_1');
    const outcome = await store().posts.insertPosts(
      batch(owner, [other], { idempotency: { externalId: 'k', fingerprint: 'B' } }),
    );
    expect(outcome).toEqual({ kind: 'idempotency_conflict', postIds: [first.id] });
    expect(await store().posts.getPost(other.id)).toBeNull();
  });

  it('scopes idempotency keys to their owner', async () => {
    const [a, b] = [aUser().id, aUser().id];
    const idempotency = { externalId: 'same', fingerprint: 'F' };
    await store().posts.insertPosts(batch(a, [aPost(a, 'acct_1')], { idempotency }));
    const outcome = await store().posts.insertPosts(batch(b, [aPost(b, 'acct_2')], { idempotency }));
    expect(outcome.kind).toBe('inserted');
    expect(await store().posts.findByExternalId(b, 'unknown')).toBeNull();
  });

  it('enforces the quota on the whole batch with a usage counter per owner and window', async () => {
    const owner = aUser().id;
    const quota = { limit: 3, windowStart: WINDOW };
    await store().posts.insertPosts(
      batch(owner, [aPost(owner, 'acct_1'), aPost(owner, 'acct_1')], { quota }),
    );
    // Other owners and other windows have counters of their own.
    await store().posts.insertPosts(
      batch(aUser().id, [aPost('x', 'acct_9'), aPost('x', 'acct_9')], { quota }),
    );
    const nextMonth = { limit: 3, windowStart: new Date('2026-02-01T00:00:00.000Z') };
    await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota: nextMonth }));

    const tooMany = [aPost(owner, 'acct_1'), aPost(owner, 'acct_1')];
    const refused = await store().posts.insertPosts(
      batch(owner, tooMany, { quota, idempotency: { externalId: 'q', fingerprint: 'F' } }),
    );
    expect(refused).toEqual({ kind: 'quota_exceeded', used: 2, limit: 3 });
    expect(await store().posts.getPost(tooMany[0]?.id ?? '')).toBeNull();
    expect(await store().posts.findByExternalId(owner, 'q')).toBeNull();

    expect((await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).kind).toBe(
      'inserted',
    );
    expect(await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).toEqual({
      kind: 'quota_exceeded',
      used: 3,
      limit: 3,
    });
  });

  it('does not count a replay or a refused batch against the quota', async () => {
    const owner = aUser().id;
    const quota = { limit: 2, windowStart: WINDOW };
    const idempotency = { externalId: 'once', fingerprint: 'F' };
    await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota, idempotency }));
    expect(
      (await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota, idempotency }))).kind,
    ).toBe('replayed');
    await store().posts.insertPosts(batch(owner, [aPost(owner, 'a'), aPost(owner, 'a')], { quota }));
    expect((await store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).kind).toBe(
      'inserted',
    );
  });

  it('updates only when the expected version matches, bumping it', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'acct_1');
    await store().posts.insertPosts(batch(owner, [post]));
    const edited = {
      ...post,
      caption: 'edited',
      updatedAt: at(1),
      publishProgress: { containerId: 'c-1' },
    };
    const stored = await store().posts.updatePost(edited, 0);
    expect(stored).toEqual({ ...edited, version: 1 });
    expect(await store().posts.updatePost({ ...post, caption: 'stale' }, 0)).toBeNull();
    expect(await store().posts.getPost(post.id)).toEqual({ ...edited, version: 1 });
    expect(await store().posts.updatePost(aPost(owner, 'acct_1'), 0)).toBeNull();
  });

  it("keeps a published post's warning and clears it when written as null", async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'acct_1');
    await store().posts.insertPosts(batch(owner, [post]));
    const warning = 'YouTube made the video private, not public as asked.';
    const posted = { ...post, status: 'posted' as const, platformPostId: 'v1', warning, dueAt: null };
    expect(await store().posts.updatePost(posted, 0)).toEqual({ ...posted, version: 1 });
    expect((await store().posts.getPost(post.id))?.warning).toBe(warning);
    await store().posts.updatePost({ ...posted, warning: null, version: 1 }, 1);
    expect((await store().posts.getPost(post.id))?.warning).toBeNull();
  });
}
