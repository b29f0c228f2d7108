import { expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { scheduledEvents } from '../posts/index.js';
import { at, claim, DAY, followAll, HOUR, OWNER, postOn, publish, T0 } from './analytics-contract-support.js';
import { anAccount, aPost } from './builders.js';

/**
 * How collections start from the journal, are leased, recorded as snapshots, deferred, and how
 * follower counts are read; registered in the caller's `analytics` block.
 */
export function describeAnalyticsCollectionContract(store: () => Store): void {
  it('starts one collection per published post from the journal, once, across pages', async () => {
    await publish(store(), postOn('post_a1', 'instagram', 'acct_ig'), at(0));
    await publish(store(), postOn('post_a2', 'tiktok', 'acct_tt'), at(HOUR));
    // Scheduled, not published: no collection.
    const unpublished = aPost(OWNER, 'acct_yt', {
      id: 'post_a3',
      platforms: ['youtube'],
      scheduledTime: at(100 * DAY),
    });
    await store().posts.insertPosts({
      ownerId: OWNER,
      at: T0,
      posts: [unpublished],
      idempotency: null,
      quota: { limit: 1000, windowStart: T0 },
      events: scheduledEvents([unpublished], T0),
    });
    await followAll(store());
    expect(await store().analytics.followJournal(10)).toBe(0);
    // Nothing is due before an hour has passed since publishing.
    expect(await claim(store(), at(HOUR - 1))).toEqual([]);
    const jobs = await claim(store(), at(2 * HOUR));
    expect(jobs).toEqual([
      {
        postId: 'post_a1',
        ownerId: OWNER,
        accountId: 'acct_ig',
        platform: 'instagram',
        platformPostId: 'pp_post_a1',
        publishedAt: at(0),
        nextAt: at(HOUR),
        doneSlot: null,
        status: 'pending',
      },
      expect.objectContaining({ postId: 'post_a2', platform: 'tiktok', nextAt: at(2 * HOUR) }),
    ]);
    // A later publish is picked up by the next follow, the earlier ones are not added twice.
    await publish(store(), postOn('post_a4', 'threads', 'acct_th'), at(2 * HOUR));
    await followAll(store());
    const later = await claim(store(), at(10 * HOUR), 'collector-2');
    expect(later.map((j) => j.postId)).toEqual(['post_a1', 'post_a2', 'post_a4']);
  });

  it('leases a due post to one collector until the lease ends, oldest due first, up to the limit', async () => {
    for (const [index, id] of ['post_b1', 'post_b2', 'post_b3'].entries()) {
      await publish(store(), postOn(id, 'youtube', 'acct_yt'), at(index * 60_000));
    }
    await followAll(store());
    const first = await claim(store(), at(2 * HOUR), 'collector-1', 2);
    expect(first.map((j) => j.postId)).toEqual(['post_b1', 'post_b2']);
    expect((await claim(store(), at(2 * HOUR), 'collector-2')).map((j) => j.postId)).toEqual(['post_b3']);
    expect(await claim(store(), at(2 * HOUR), 'collector-3')).toEqual([]);
    // A lease that ran out (its collector died) lets another take the post.
    const after = await claim(store(), new Date(at(2 * HOUR).getTime() + 61_000), 'collector-3');
    expect(after.map((j) => j.postId)).toEqual(['post_b1', 'post_b2', 'post_b3']);
  });

  it('keeps every read as a snapshot, once per slot, with the latest figures and the next read', async () => {
    await publish(store(), postOn('post_c1', 'instagram', 'acct_ig'), at(0));
    await followAll(store());
    const [job] = await claim(store(), at(HOUR));
    expect(job?.postId).toBe('post_c1');
    const first = { views: 100, likes: 10, comments: 2 };
    expect(
      await store().analytics.recordCollection({
        postId: 'post_c1',
        leaseOwner: 'collector-1',
        at: at(HOUR),
        status: 'collected',
        slot: 0,
        metrics: first,
        nextAt: at(6 * HOUR),
      }),
    ).toBe(true);
    // Not due again until the next slot; a stale lease holder writes nothing.
    expect(await claim(store(), at(5 * HOUR))).toEqual([]);
    expect(
      await store().analytics.recordCollection({
        postId: 'post_c1',
        leaseOwner: 'collector-1',
        at: at(2 * HOUR),
        status: 'collected',
        slot: 1,
        metrics: { views: 1 },
        nextAt: null,
      }),
    ).toBe(false);
    const [again] = await claim(store(), at(6 * HOUR), 'collector-2');
    expect(again).toMatchObject({ postId: 'post_c1', doneSlot: 0, status: 'collected' });
    // The same slot read twice keeps the first snapshot: nothing is overwritten.
    await store().analytics.recordCollection({
      postId: 'post_c1',
      leaseOwner: 'collector-2',
      at: at(6 * HOUR),
      status: 'collected',
      slot: 0,
      metrics: { views: 999 },
      nextAt: at(6 * HOUR),
    });
    const [third] = await claim(store(), at(6 * HOUR), 'collector-3');
    await store().analytics.recordCollection({
      postId: 'post_c1',
      leaseOwner: 'collector-3',
      at: at(6 * HOUR),
      status: 'collected',
      slot: 1,
      metrics: { views: 300, likes: 30, comments: 4 },
      nextAt: null,
    });
    expect(third?.doneSlot).toBe(0);
    expect(await store().analytics.listSnapshots('post_c1')).toEqual([
      { postId: 'post_c1', slot: 0, collectedAt: at(HOUR), metrics: first },
      {
        postId: 'post_c1',
        slot: 1,
        collectedAt: at(6 * HOUR),
        metrics: { views: 300, likes: 30, comments: 4 },
      },
    ]);
    // The schedule is over: never due again, not even much later.
    expect(await claim(store(), at(400 * DAY))).toEqual([]);
  });

  it('defers a read without a snapshot, and collects everything now on request', async () => {
    await publish(store(), postOn('post_d1', 'tiktok', 'acct_tt'), at(0));
    await publish(
      store(),
      aPost('user_other', 'acct_x', { id: 'post_d2', platforms: ['tiktok'] }),
      at(5 * HOUR),
    );
    await followAll(store());
    await claim(store(), at(HOUR));
    expect(await store().analytics.deferCollection('post_d1', 'someone-else', at(3 * HOUR))).toBe(false);
    expect(await store().analytics.deferCollection('post_d1', 'collector-1', at(3 * HOUR))).toBe(true);
    expect(await store().analytics.listSnapshots('post_d1')).toEqual([]);
    expect((await claim(store(), at(2 * HOUR), 'c2')).map((j) => j.postId)).toEqual([]);
    expect(await store().analytics.collectNow(OWNER, at(2 * HOUR))).toBe(1);
    expect((await claim(store(), at(2 * HOUR), 'c2')).map((j) => j.postId)).toEqual(['post_d1']);
  });

  it('awaits a held-back public id, then takes it and starts reading metrics, or gives up', async () => {
    await publish(store(), postOn('post_f1', 'tiktok', 'acct_tt'), at(0), true);
    await publish(store(), postOn('post_f2', 'tiktok', 'acct_tt'), at(0), true);
    await followAll(store());
    // Asked for a minute after publishing, under the publish handle.
    expect(await claim(store(), at(59_000))).toEqual([]);
    const jobs = await claim(store(), at(60_000));
    expect(jobs).toEqual([
      expect.objectContaining({
        postId: 'post_f1',
        platformPostId: 'pub_post_f1',
        status: 'awaiting_id',
        nextAt: at(60_000),
      }),
      expect.objectContaining({ postId: 'post_f2', status: 'awaiting_id' }),
    ]);
    const found = (postId: string, leaseOwner = 'collector-1') =>
      store().analytics.settleAwaitedId({
        postId,
        leaseOwner,
        at: at(2 * 60_000),
        outcome: { kind: 'found', platformPostId: '7345678901234567891', nextAt: at(HOUR) },
      });
    expect(await found('post_f1', 'someone-else')).toBe(false);
    expect(await found('post_f1')).toBe(true);
    // Only once: the collection no longer awaits an id, leased or not.
    expect(await found('post_f1')).toBe(false);
    expect(
      await store().analytics.settleAwaitedId({
        postId: 'post_f2',
        leaseOwner: 'collector-1',
        at: at(2 * 60_000),
        outcome: { kind: 'gave_up' },
      }),
    ).toBe(true);
    expect(await claim(store(), at(HOUR - 1))).toEqual([]);
    expect(await claim(store(), at(400 * DAY))).toEqual([
      expect.objectContaining({
        postId: 'post_f1',
        platformPostId: '7345678901234567891',
        status: 'pending',
        nextAt: at(HOUR),
        doneSlot: null,
      }),
    ]);
  });

  it('hands each active account to one follower read a day, and stores the count read', async () => {
    const active = await store().accounts.saveAccount(
      anAccount(OWNER, { id: 'acct_f1', platform: 'tiktok' }),
    );
    await store().accounts.saveAccount(anAccount(OWNER, { id: 'acct_f2', needsReconnect: true }));
    await store().accounts.saveAccount(anAccount(OWNER, { id: 'acct_f3', status: 'inactive' }));
    const daily = (now: Date) => ({ now, before: new Date(now.getTime() - DAY + 60_000), limit: 10 });
    expect((await store().analytics.claimFollowerReads(daily(T0))).map((a) => a.id)).toEqual([active.id]);
    // Read once a day: not again at once, nor the same day by another collector.
    expect(await store().analytics.claimFollowerReads(daily(at(HOUR)))).toEqual([]);
    expect((await store().analytics.claimFollowerReads(daily(at(DAY)))).map((a) => a.id)).toEqual([
      active.id,
    ]);
    await store().analytics.recordFollowers(active.id, 4_321);
    expect((await store().accounts.getAccount(active.id))?.followerCount).toBe(4_321);
    await store().analytics.recordFollowers(active.id, null);
    expect((await store().accounts.getAccount(active.id))?.followerCount).toBeNull();
  });
}
