import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { DEFAULT_PLAN_LIMITS } from '../identity/index.js';
import { createRandomIdGenerator } from '../node/random-id-generator.js';
import { type Post, recycleEvergreenPosts } from '../posts/index.js';
import { WEEKDAYS } from '../queue/index.js';
import { anAccount, aPost, aUser } from './builders.js';
import { createFakeClock } from './fake-clock.js';
import { batch, T0 } from './store-contract-support.js';

const DAY = 86_400_000;
const RULE = { everyDays: 7, maxTimes: 3, onlyAboveMedian: true };

/** Evergreen posts and their recycled copies, part of the store contract; `store()` is the test's fresh store. */
export function describeEvergreenContract(store: () => Store): void {
  describe('evergreen posts and recycled copies', () => {
    const posted = (owner: string, extra: Partial<Post> = {}) =>
      aPost(owner, 'acct_e', { status: 'posted', publishedAt: T0, scheduledTime: T0, dueAt: null, ...extra });

    it('keeps the rule and the link, lists posted evergreen posts by id a page at a time, and copies by number', async () => {
      const owner = aUser().id;
      const original = posted(owner, { id: 'post_e2', evergreen: RULE, recycleSkippedAt: T0 });
      await store().posts.insertPosts(
        batch(owner, [
          original,
          posted(owner, { id: 'post_e1', evergreen: { ...RULE, onlyAboveMedian: false } }),
          posted(owner, { id: 'post_e3', evergreen: RULE, deletedAt: T0 }),
          aPost(owner, 'acct_e', { id: 'post_e4', evergreen: RULE }),
          posted(owner, { id: 'post_e5' }),
          aPost(owner, 'acct_e', { id: 'post_c2', recycledFrom: 'post_e2', recycleNumber: 2, deletedAt: T0 }),
          aPost(owner, 'acct_e', { id: 'post_c1', recycledFrom: 'post_e2', recycleNumber: 1 }),
        ]),
      );
      expect(await store().posts.getPost('post_e2')).toEqual(original);
      expect((await store().posts.evergreenPosts(null, 10)).map((p) => p.id)).toEqual(['post_e1', 'post_e2']);
      expect((await store().posts.evergreenPosts(null, 1)).map((p) => p.id)).toEqual(['post_e1']);
      expect((await store().posts.evergreenPosts('post_e1', 1)).map((p) => p.id)).toEqual(['post_e2']);
      const copies = await store().posts.recycledCopiesOf('post_e2');
      expect(copies.map((p) => [p.id, p.recycledFrom, p.recycleNumber])).toEqual([
        ['post_c1', 'post_e2', 1],
        ['post_c2', 'post_e2', 2],
      ]);
      expect(await store().posts.recycledCopiesOf('post_e1')).toEqual([]);
    });

    it('holds copy k of a post once: a second attempt replays its key, and without the key is refused', async () => {
      const owner = aUser().id;
      await store().posts.insertPosts(batch(owner, [posted(owner, { id: 'post_o', evergreen: RULE })]));
      const key = { externalId: 'evergreen:post_o:1', fingerprint: 'evergreen:post_o:1' };
      const copy = (id: string) => aPost(owner, 'acct_e', { id, recycledFrom: 'post_o', recycleNumber: 1 });
      expect(
        (await store().posts.insertPosts(batch(owner, [copy('post_k1')], { idempotency: key }))).kind,
      ).toBe('inserted');
      const again = await store().posts.insertPosts(batch(owner, [copy('post_k2')], { idempotency: key }));
      expect(again).toMatchObject({ kind: 'replayed', posts: [{ id: 'post_k1' }] });
      await expect(store().posts.insertPosts(batch(owner, [copy('post_k3')]))).rejects.toThrow();
      expect((await store().posts.recycledCopiesOf('post_o')).map((p) => p.id)).toEqual(['post_k1']);
      expect(await store().posts.getPost('post_k3')).toBeNull();
    });

    it('the recycling sweep makes one copy per period however many run at once', async () => {
      const user = aUser();
      await store().users.insertUser(user);
      const account = await store().accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
      await store().postingSlots.replacePostingSchedule(
        account.id,
        { timeZone: 'UTC', slots: WEEKDAYS.map((day) => ({ day, time: '09:00' })) },
        T0,
      );
      const original = aPost(user.id, account.id, {
        platforms: ['threads'],
        status: 'posted',
        publishedAt: T0,
        scheduledTime: T0,
        dueAt: null,
        evergreen: { everyDays: 7, maxTimes: 3, onlyAboveMedian: false },
      });
      await store().posts.insertPosts(batch(user.id, [original]));
      const clock = createFakeClock(new Date(T0.getTime() + 7 * DAY).toISOString());
      const deps = {
        store: store(),
        clock,
        ids: createRandomIdGenerator(clock),
        planLimits: DEFAULT_PLAN_LIMITS,
      };
      const rounds = await Promise.all(Array.from({ length: 4 }, () => recycleEvergreenPosts(deps)));
      expect(rounds.reduce((sum, r) => sum + r.recycled, 0)).toBe(1);
      expect(await recycleEvergreenPosts(deps)).toEqual({ recycled: 0, skipped: 0 });
      const [copy, ...more] = await store().posts.recycledCopiesOf(original.id);
      expect(more).toEqual([]);
      expect(copy).toMatchObject({
        status: 'scheduled',
        recycleNumber: 1,
        // 2026-01-22 12:00 (Thursday): the next 09:00 slot is Friday's.
        scheduledTime: new Date('2026-01-23T09:00:00.000Z'),
      });
      const events = await store().events.listEvents(null, 100);
      expect(events.filter((e) => e.type === 'post.recycled').map((e) => e.subjectId)).toEqual([copy?.id]);
    });
  });
}
