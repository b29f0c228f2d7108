import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Actor } from '../identity/index.js';
import { deletePost, listQueue, type Post, reorderQueue, shuffleQueue } from '../posts/index.js';
import { type PostingSchedule, WEEKDAYS } from '../queue/index.js';
import { anAccount, aPost, aUser } from './builders.js';
import { createFakeClock } from './fake-clock.js';
import { createSequentialIds } from './sequential-ids.js';
import { batch, T0 } from './store-contract-support.js';

// T0 is Thursday 2026-01-15 12:00 UTC; every day has a slot at 09:00 and 17:00 UTC.
const DAILY: PostingSchedule = {
  timeZone: 'UTC',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '09:00' },
    { day, time: '17:00' },
  ]),
};
const SLOT_TIMES = ['2026-01-15T17:00:00.000Z', '2026-01-16T09:00:00.000Z', '2026-01-16T17:00:00.000Z'];

/**
 * Reordering, shuffling and pulling the queue forward run by core's use cases over the store's
 * `updatePosts` (one transaction, a compare-and-set per post): part of the store contract.
 */
export function describeQueueOrderContract(store: () => Store): void {
  describe('reordering the queue', () => {
    const setUp = async (count = 3) => {
      const user = aUser();
      await store().users.insertUser(user);
      const account = await store().accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
      await store().postingSlots.replacePostingSchedule(account.id, DAILY, T0);
      const outcome = await store().posts.insertPosts(
        batch(
          user.id,
          Array.from({ length: count }, () => aPost(user.id, account.id, { platforms: ['threads'] })),
          { queue: { after: T0, accounts: [{ accountId: account.id, schedule: DAILY, dailyCap: null }] } },
        ),
      );
      const posts = outcome.kind === 'inserted' ? outcome.posts : [];
      const actor: Actor = {
        user,
        credentialId: 'key_1',
        scopes: ['post:read', 'post:write'],
        accountIds: null,
      };
      const deps = { store: store(), clock: createFakeClock(T0.toISOString()), ids: createSequentialIds() };
      const queue = async () =>
        (await listQueue(deps, actor, account.id))
          ._unsafeUnwrap()
          .items.map((i) => [i.postId, i.scheduledTime.toISOString()]);
      return { user, account, posts, actor, deps, queue };
    };
    const idsOf = (posts: readonly Post[]) => posts.map((p) => p.id);

    it('puts the posts in the new order on the same set of slots, journaling each move as post.edited', async () => {
      const { account, posts, actor, deps, queue, user } = await setUp();
      expect((await queue()).map(([, t]) => t)).toEqual(SLOT_TIMES);
      const [a, b, c] = idsOf(posts) as [string, string, string];
      const answer = (await reorderQueue(deps, actor, account.id, [c, a, b]))._unsafeUnwrap();
      expect(answer.items.map((i) => [i.postId, i.scheduledTime.toISOString()])).toEqual([
        [c, SLOT_TIMES[0]],
        [a, SLOT_TIMES[1]],
        [b, SLOT_TIMES[2]],
      ]);
      expect(await queue()).toEqual(answer.items.map((i) => [i.postId, i.scheduledTime.toISOString()]));
      expect((await store().posts.getPost(c))?.dueAt?.toISOString()).toBe(SLOT_TIMES[0]);
      const history = await store().events.historyOf(user.id, c, 10);
      expect(history.map((e) => e.type)).toContain('post.edited');
    });

    it('refuses a list that is not exactly the current queue with queue_changed and the current order, moving nothing', async () => {
      const { account, posts, actor, deps, queue } = await setUp();
      const [a, b, c] = idsOf(posts) as [string, string, string];
      const before = await queue();
      for (const list of [
        [a, b],
        [a, b, c, c],
        [a, b, 'post_other'],
        [a, a, b],
      ]) {
        const refused = (await reorderQueue(deps, actor, account.id, list))._unsafeUnwrapErr();
        expect(refused).toMatchObject({ code: 'queue_changed', details: { postIds: [a, b, c] } });
      }
      expect(await queue()).toEqual(before);
      // A post deleted since the list was read makes the list stale.
      (await deletePost(deps, actor, b))._unsafeUnwrap();
      expect((await reorderQueue(deps, actor, account.id, [c, b, a]))._unsafeUnwrapErr()).toMatchObject({
        code: 'queue_changed',
        details: { postIds: [a, c] },
      });
    });

    it('never moves a post being published', async () => {
      const { account, posts, actor, deps } = await setUp();
      const [a, b, c] = posts as [Post, Post, Post];
      await store().posts.updatePost({ ...a, status: 'publishing', version: a.version + 1 }, a.version);
      const refused = await reorderQueue(deps, actor, account.id, [b.id, a.id, c.id]);
      expect(refused._unsafeUnwrapErr().code).toBe('invalid_post_state');
      expect((await store().posts.getPost(a.id))?.scheduledTime?.toISOString()).toBe(SLOT_TIMES[0]);
      const shuffled = (await shuffleQueue(deps, actor, account.id))._unsafeUnwrap();
      expect(shuffled.items[0]).toEqual({ postId: a.id, scheduledTime: new Date(SLOT_TIMES[0] as string) });
    });

    it('shuffles onto the same set of slots, in the order the random source gives', async () => {
      const { account, posts, actor, deps, queue } = await setUp(5);
      const before = await queue();
      const answer = (await shuffleQueue(deps, actor, account.id))._unsafeUnwrap();
      const after = await queue();
      expect(after.map(([, t]) => t)).toEqual(before.map(([, t]) => t));
      expect(new Set(after.map(([id]) => id))).toEqual(new Set(idsOf(posts)));
      expect(after.map(([id]) => id)).not.toEqual(idsOf(posts));
      expect(answer.items.map((i) => i.postId)).toEqual(after.map(([id]) => id));
    });

    it('deleting with pullQueue moves each later queued post one slot earlier, in the same write', async () => {
      const { account, posts, actor, deps, queue, user } = await setUp();
      const [a, b, c] = idsOf(posts) as [string, string, string];
      (await deletePost(deps, actor, a, { pullQueue: true }))._unsafeUnwrap();
      expect(await queue()).toEqual([
        [b, SLOT_TIMES[0]],
        [c, SLOT_TIMES[1]],
      ]);
      expect((await store().events.historyOf(user.id, c, 10)).map((e) => e.type)).toContain('post.edited');
      // Without the option the slot stays free.
      (await deletePost(deps, actor, b))._unsafeUnwrap();
      expect(await queue()).toEqual([[c, SLOT_TIMES[1]]]);
      expect(account.id).toBeTruthy();
    });

    it('keeps slots distinct when reorders and queued inserts run at once', async () => {
      const { account, posts, actor, deps, user } = await setUp(4);
      const ids = idsOf(posts);
      const work = Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? reorderQueue(deps, actor, account.id, i % 4 === 0 ? [...ids].reverse() : ids).then(() => null)
          : store()
              .posts.insertPosts(
                batch(user.id, [aPost(user.id, account.id, { platforms: ['threads'] })], {
                  queue: {
                    after: T0,
                    accounts: [{ accountId: account.id, schedule: DAILY, dailyCap: null }],
                  },
                }),
              )
              .then(() => null),
      );
      await Promise.all(work);
      const live = await store().posts.upcomingPosts(user.id, [account.id], T0, 100);
      const times = live.map((p) => p.scheduledTime?.getTime());
      expect(live).toHaveLength(10);
      expect(new Set(times).size).toBe(10);
    });
  });
}
