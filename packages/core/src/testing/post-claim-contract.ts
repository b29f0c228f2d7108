import { expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { transition } from '../posts/index.js';
import { aPost, aUser } from './builders.js';
import { at, batch } from './store-contract-support.js';

/**
 * The claiming half of the posts contract (due posts, leases, per-account limits, the queue),
 * registered in the caller's `posts` block; `store()` is the test's fresh store.
 */
export function describePostClaimContract(store: () => Store): void {
  it('claims due posts oldest first, up to the limit, and leases them', async () => {
    const owner = aUser().id;
    const p1 = aPost(owner, 'a', { scheduledTime: at(2), dueAt: at(2) });
    const p2 = aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) });
    const p3 = aPost(owner, 'a', { scheduledTime: at(3), dueAt: at(3) });
    const future = aPost(owner, 'a', { scheduledTime: at(30), dueAt: at(30) });
    const deleted = aPost(owner, 'a', { scheduledTime: at(0), dueAt: at(0), deletedAt: at(0) });
    const posted = aPost(owner, 'a', { status: 'posted', scheduledTime: at(0), dueAt: null });
    await store().posts.insertPosts(batch(owner, [p1, p2, p3, future, deleted, posted]));

    const claimed = await store().posts.claimDuePosts({
      now: at(10),
      limit: 2,
      leaseOwner: 'pub-1',
      leaseUntil: at(15),
    });
    expect(claimed.map((p) => p.id)).toEqual([p2.id, p1.id]);
    for (const post of claimed) {
      expect(post).toMatchObject({
        status: 'publishing',
        leaseOwner: 'pub-1',
        dueAt: at(15),
        attempts: 1,
        version: 1,
      });
      expect(post.updatedAt).toEqual(at(10));
      expect(await store().posts.getPost(post.id)).toEqual(post);
    }
    const rest = await store().posts.claimDuePosts({
      now: at(10),
      limit: 10,
      leaseOwner: 'pub-2',
      leaseUntil: at(15),
    });
    expect(rest.map((p) => p.id)).toEqual([p3.id]);
    expect(
      await store().posts.claimDuePosts({
        now: at(10),
        limit: 10,
        leaseOwner: 'pub-3',
        leaseUntil: at(15),
      }),
    ).toEqual([]);
  });

  it('passes over posts of accounts the claimer already holds its limit of, leaving them queued', async () => {
    const owner = aUser().id;
    // Oldest first: three for account a, then b, a, c.
    const a1 = aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) });
    const a2 = aPost(owner, 'a', { scheduledTime: at(2), dueAt: at(2) });
    const a3 = aPost(owner, 'a', { scheduledTime: at(3), dueAt: at(3) });
    const b1 = aPost(owner, 'b', { scheduledTime: at(4), dueAt: at(4) });
    const a4 = aPost(owner, 'a', { scheduledTime: at(5), dueAt: at(5) });
    const c1 = aPost(owner, 'c', { scheduledTime: at(6), dueAt: at(6) });
    await store().posts.insertPosts(batch(owner, [a1, a2, a3, b1, a4, c1]));
    const claim = (leaseOwner: string, limit: number, accountsInFlight: Map<string, number>) =>
      store().posts.claimDuePosts({
        now: at(10),
        limit,
        leaseOwner,
        leaseUntil: at(15),
        perAccountLimit: 1,
        accountsInFlight,
      });

    // One per account, and none for c, which this claimer already publishes for.
    const first = await claim('pub-1', 3, new Map([['c', 1]]));
    expect(first.map((p) => p.id)).toEqual([a1.id, b1.id]);
    // What it passed over is still there for another publisher, oldest first.
    const second = await claim('pub-2', 2, new Map());
    expect(second.map((p) => p.id)).toEqual([a2.id, c1.id]);
    expect(await store().posts.getPost(a3.id)).toMatchObject({ status: 'scheduled', version: 0 });
    // Without per-account limits a claim takes the oldest whatever their account.
    const rest = await store().posts.claimDuePosts({
      now: at(10),
      limit: 5,
      leaseOwner: 'pub-3',
      leaseUntil: at(15),
    });
    expect(rest.map((p) => p.id)).toEqual([a3.id, a4.id]);
  });

  it('finds a free account behind a backlog of busy ones, however long', async () => {
    const owner = aUser().id;
    // Ten posts each of accounts a to e, oldest first, then one of account f, then one with no
    // account: a claim for one post, with a to e busy, must skip all fifty (more than it reads).
    const busy = ['a', 'b', 'c', 'd', 'e'];
    const backlog = Array.from({ length: 50 }, (_, i) =>
      aPost(owner, busy[i % busy.length] as string, { scheduledTime: at(1), dueAt: at(1 + i / 100) }),
    );
    const free = aPost(owner, 'f', { scheduledTime: at(2), dueAt: at(2) });
    const unassigned = aPost(owner, 'g', { scheduledTime: at(3), dueAt: at(3), profileIds: [] });
    await store().posts.insertPosts(batch(owner, [...backlog, free, unassigned]));
    const claim = (limit: number, accountsInFlight: Map<string, number>) =>
      store().posts.claimDuePosts({
        now: at(10),
        limit,
        leaseOwner: 'pub-1',
        leaseUntil: at(15),
        perAccountLimit: 1,
        accountsInFlight,
      });
    const inFlight = new Map(busy.map((account) => [account, 1]));
    expect((await claim(1, inFlight)).map((p) => p.id)).toEqual([free.id]);
    // An account under its limit is not passed over; '' stands for a post with no account.
    inFlight.set('f', 1);
    expect((await claim(1, new Map([...inFlight, ['', 0]]))).map((p) => p.id)).toEqual([unassigned.id]);
    expect(await claim(1, inFlight)).toEqual([]);
    expect(await store().posts.getPost(backlog[0]?.id as string)).toMatchObject({ status: 'scheduled' });
  });

  it('takes over a post whose lease expired, but not one still leased', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'a', { scheduledTime: at(0), dueAt: at(0) });
    await store().posts.insertPosts(batch(owner, [post]));
    await store().posts.claimDuePosts({ now: at(1), limit: 1, leaseOwner: 'pub-1', leaseUntil: at(6) });
    expect(
      await store().posts.claimDuePosts({ now: at(5), limit: 1, leaseOwner: 'pub-2', leaseUntil: at(10) }),
    ).toEqual([]);
    const [taken] = await store().posts.claimDuePosts({
      now: at(6),
      limit: 1,
      leaseOwner: 'pub-2',
      leaseUntil: at(11),
    });
    expect(taken).toMatchObject({
      id: post.id,
      leaseOwner: 'pub-2',
      attempts: 2,
      dueAt: at(11),
      version: 2,
    });
  });

  it('resumes a post handed back during a platform wait when due, without a new attempt', async () => {
    const owner = aUser().id;
    const post = aPost(owner, 'a', { scheduledTime: at(0), dueAt: at(0) });
    await store().posts.insertPosts(batch(owner, [post]));
    const [claimed] = await store().posts.claimDuePosts({
      now: at(1),
      limit: 1,
      leaseOwner: 'pub-1',
      leaseUntil: at(6),
    });
    if (claimed === undefined) throw new Error('not claimed');
    const released = transition(claimed, {
      type: 'record_progress',
      at: at(2),
      leaseOwner: 'pub-1',
      progress: { containerId: 'c-1' },
      leaseUntil: at(62),
      release: true,
    })._unsafeUnwrap();
    await store().posts.updatePost(released.post, claimed.version, released.events);
    expect(await store().posts.getPost(post.id)).toMatchObject({
      status: 'publishing',
      leaseOwner: null,
      dueAt: at(62),
    });
    expect(await store().posts.nextDueAt()).toEqual(at(62));
    expect(
      await store().posts.claimDuePosts({ now: at(61), limit: 1, leaseOwner: 'pub-2', leaseUntil: at(70) }),
    ).toEqual([]);
    const [resumed] = await store().posts.claimDuePosts({
      now: at(62),
      limit: 1,
      leaseOwner: 'pub-2',
      leaseUntil: at(70),
    });
    expect(resumed).toMatchObject({
      id: post.id,
      status: 'publishing',
      leaseOwner: 'pub-2',
      attempts: 1,
      publishProgress: { containerId: 'c-1' },
      dueAt: at(70),
    });
  });

  it('never hands the same post to two concurrent claims', async () => {
    const owner = aUser().id;
    const posts = Array.from({ length: 20 }, (_, i) =>
      aPost(owner, 'a', { scheduledTime: at(i), dueAt: at(i) }),
    );
    await store().posts.insertPosts(batch(owner, posts));
    const claims = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((leaseOwner) =>
        store().posts.claimDuePosts({ now: at(60), limit: 7, leaseOwner, leaseUntil: at(65) }),
      ),
    );
    const ids = claims.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(posts.map((p) => p.id).sort());
  });

  it('reports the earliest time the publisher has work', async () => {
    const owner = aUser().id;
    expect(await store().posts.nextDueAt()).toBeNull();
    await store().posts.insertPosts(
      batch(owner, [
        aPost(owner, 'a', { scheduledTime: at(9), dueAt: at(9) }),
        aPost(owner, 'a', { scheduledTime: at(4), dueAt: at(4) }),
        aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1), deletedAt: at(0) }),
        aPost(owner, 'a', { status: 'draft', scheduledTime: null, dueAt: null }),
      ]),
    );
    expect(await store().posts.nextDueAt()).toEqual(at(4));
  });

  it('counts the queue due by a time and due later, leases included, drafts and deleted posts not', async () => {
    const owner = aUser().id;
    expect(await store().posts.queueDepth(at(5))).toEqual({ due: 0, upcoming: 0 });
    await store().posts.insertPosts(
      batch(owner, [
        aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) }),
        aPost(owner, 'b', { scheduledTime: at(2), dueAt: at(2) }),
        aPost(owner, 'c', { scheduledTime: at(3), dueAt: at(3) }),
        aPost(owner, 'd', { scheduledTime: at(9), dueAt: at(9) }),
        aPost(owner, 'e', { scheduledTime: at(1), dueAt: at(1), deletedAt: at(0) }),
        aPost(owner, 'f', { status: 'draft', scheduledTime: null, dueAt: null }),
      ]),
    );
    // One publisher holds a post well past the time asked; another's lease ends before it.
    await store().posts.claimDuePosts({ now: at(1), limit: 1, leaseOwner: 'pub-1', leaseUntil: at(30) });
    await store().posts.claimDuePosts({ now: at(2), limit: 1, leaseOwner: 'pub-2', leaseUntil: at(4) });
    expect(await store().posts.queueDepth(at(0))).toEqual({ due: 0, upcoming: 4 });
    expect(await store().posts.queueDepth(at(3))).toEqual({ due: 1, upcoming: 3 });
    expect(await store().posts.queueDepth(at(5))).toEqual({ due: 2, upcoming: 2 });
    expect(await store().posts.queueDepth(at(30))).toEqual({ due: 4, upcoming: 0 });
  });
}
