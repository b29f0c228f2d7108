import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { User } from '../../identity/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { recycleEvergreenPosts } from './recycle-evergreen-posts.js';

const DAY = 86_400_000;
// 2026-01-15 (the test clock's day) is a Thursday; slots every day at 09:00 and 18:00 UTC.
const SLOTS = {
  timeZone: 'UTC',
  slots: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).flatMap((day) => [
    { day, time: '09:00' },
    { day, time: '18:00' },
  ]),
};

describe('recycleEvergreenPosts', () => {
  let t: TestDeps;
  let user: User;
  let account: ConnectedAccount;

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    account = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
  });

  async function postedEvergreen(rule: Post['evergreen'], publishedAt = t.clock.now()): Promise<Post> {
    const post = aPost(user.id, account.id, {
      platforms: ['threads'],
      status: 'posted',
      scheduledTime: publishedAt,
      publishedAt,
      dueAt: null,
      caption: 'Our evergreen guide',
      evergreen: rule,
    });
    const outcome = await t.store.posts.insertPosts({
      ownerId: user.id,
      at: t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    expect(outcome.kind).toBe('inserted');
    return post;
  }

  const slots = () => t.store.postingSlots.replacePostingSchedule(account.id, SLOTS, t.clock.now());
  const events = async (type: string) =>
    (await t.store.events.listEvents(null, 1000)).filter((e) => e.type === type);

  it('queues one copy per period on the next free slot, linked to the original, with post.recycled', async () => {
    await slots();
    const original = await postedEvergreen({ everyDays: 7, maxTimes: 2, onlyAboveMedian: false });
    t.clock.advance(7 * DAY - 1);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 0 });
    t.clock.advance(1);
    // Two sweeps at once (two processes): one copy.
    const both = await Promise.all([recycleEvergreenPosts(t.deps), recycleEvergreenPosts(t.deps)]);
    expect(both.map((r) => r.recycled).reduce((a, b) => a + b)).toBe(1);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 0 });
    const [copy, ...more] = await t.store.posts.recycledCopiesOf(original.id);
    expect(more).toEqual([]);
    expect(copy).toMatchObject({
      status: 'scheduled',
      caption: 'Our evergreen guide',
      profileIds: [account.id],
      recycledFrom: original.id,
      recycleNumber: 1,
      evergreen: null,
      // 2026-01-22 12:00 is a Thursday: the next slot is 18:00 that day.
      scheduledTime: new Date('2026-01-22T18:00:00.000Z'),
    });
    expect(copy?.id).not.toBe(original.id);
    const recycled = await events('post.recycled');
    expect(recycled.map((e) => [e.subjectId, e.data.recycledFrom, e.data.recycleNumber])).toEqual([
      [copy?.id, original.id, 1],
    ]);
    expect((await events('post.scheduled')).map((e) => e.subjectId)).toContain(copy?.id);
  });

  it('waits for the copy to go out, counts the next period from it, and stops at maxTimes', async () => {
    await slots();
    const original = await postedEvergreen({ everyDays: 1, maxTimes: 2, onlyAboveMedian: false });
    t.clock.advance(DAY);
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(1);
    t.clock.advance(5 * DAY);
    // The first copy is still scheduled: no second one yet.
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(0);
    const [first] = await t.store.posts.recycledCopiesOf(original.id);
    const published = t.clock.now();
    await t.store.posts.updatePost(
      {
        ...(first as Post),
        status: 'posted',
        publishedAt: published,
        dueAt: null,
        version: (first?.version ?? 0) + 1,
      },
      first?.version ?? 0,
    );
    t.clock.advance(DAY - 1);
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(0);
    t.clock.advance(1);
    // The copy posted a day ago repeats the same content: recycling passes the duplicate window.
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(1);
    const copies = await t.store.posts.recycledCopiesOf(original.id);
    expect(copies.map((c) => c.recycleNumber)).toEqual([1, 2]);
    t.clock.advance(400 * DAY);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 0 });
  });

  it('skips a period once, saying why, when the account has no slots', async () => {
    const original = await postedEvergreen({ everyDays: 3, maxTimes: 5, onlyAboveMedian: false });
    t.clock.advance(3 * DAY);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 1 });
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 0 });
    const skipped = await events('post.recycle_skipped');
    expect(skipped.map((e) => [e.subjectId, e.data.reason, e.data.copyNumber])).toEqual([
      [original.id, 'no_posting_slots', 1],
    ]);
    // Slots set: the next period (counted from the skip) makes copy 1.
    await slots();
    t.clock.advance(3 * DAY - 1);
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(0);
    t.clock.advance(1);
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(1);
  });

  it('with onlyAboveMedian, skips a period whose figures are missing, and copies a post above the median', async () => {
    await slots();
    const original = await postedEvergreen({ everyDays: 2, maxTimes: 3, onlyAboveMedian: true });
    t.clock.advance(2 * DAY);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 1 });
    expect((await events('post.recycle_skipped')).map((e) => e.data.reason)).toEqual(['no_figures']);

    // The collector's snapshots, as its store would answer them (collecting is tested on its own).
    const likes = new Map<string, number>();
    const deps = {
      ...t.deps,
      store: {
        ...t.store,
        analytics: {
          ...t.store.analytics,
          listSnapshots: async (postId: string) => {
            const value = likes.get(postId);
            return value === undefined
              ? []
              : [{ postId, slot: 0, collectedAt: t.clock.now(), metrics: { likes: value } }];
          },
        },
      },
    };
    for (const count of [1, 2, 3]) {
      likes.set((await postedEvergreen(null, new Date(t.clock.now().getTime() - DAY))).id, count);
    }
    likes.set(original.id, 2);
    t.clock.advance(2 * DAY);
    // 2 of 1, 2, 2, 3: the median (2) is not exceeded.
    expect(await recycleEvergreenPosts(deps)).toEqual({ recycled: 0, skipped: 1 });
    expect((await events('post.recycle_skipped')).map((e) => e.data.reason)).toEqual([
      'no_figures',
      'not_above_median',
    ]);
    expect(await t.store.posts.recycledCopiesOf(original.id)).toEqual([]);
    likes.set(original.id, 9);
    t.clock.advance(2 * DAY);
    expect(await recycleEvergreenPosts(deps)).toEqual({ recycled: 1, skipped: 0 });
  });
});
