import { describe, expect, it } from 'vitest';
import { type AnalyticsQuery, PERIOD_NAMES } from '../analytics/index.js';
import type { Store } from '../deps/index.js';
import type { Platform } from '../kernel/index.js';
import { type Post, scheduledEvents, transition } from '../posts/index.js';
import { anAccount, aPost } from './builders.js';

const T0 = new Date('2026-03-02T00:00:00.000Z'); // a Monday
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0.getTime() + ms);
const OWNER = 'user_01JANALYTICSOWNER000000000';

/** Schedules, claims and publishes one post through the post store, as the publisher does. */
async function publish(store: Store, post: Post, publishedAt: Date): Promise<Post> {
  const scheduled = { ...post, scheduledTime: publishedAt, dueAt: publishedAt };
  await store.posts.insertPosts({
    ownerId: post.ownerId,
    at: new Date(publishedAt.getTime() - HOUR),
    posts: [scheduled],
    idempotency: null,
    quota: { limit: 1_000_000, windowStart: T0 },
    events: scheduledEvents([scheduled], publishedAt),
  });
  const claimed = await store.posts.claimDuePosts({
    now: publishedAt,
    limit: 1,
    leaseOwner: 'publisher',
    leaseUntil: new Date(publishedAt.getTime() + 60_000),
  });
  const mine = claimed.find((p) => p.id === post.id);
  if (mine === undefined) throw new Error(`post ${post.id} was not claimed`);
  const done = transition(mine, {
    type: 'succeed',
    at: publishedAt,
    leaseOwner: 'publisher',
    platformPostId: `pp_${post.id}`,
    permalink: `https://example.test/${post.id}`,
  })._unsafeUnwrap();
  const stored = await store.posts.updatePost(done.post, mine.version, done.events);
  if (stored === null) throw new Error(`post ${post.id} was not recorded`);
  return stored;
}

const postOn = (id: string, platform: Platform, account: string, category: string | null = null) =>
  aPost(OWNER, account, { id, platforms: [platform], category });

async function followAll(store: Store): Promise<void> {
  while ((await store.analytics.followJournal(2)) > 0) {
    // Small pages, so the cursor is tested across pages.
  }
}

const claim = (store: Store, now: Date, leaseOwner = 'collector-1', limit = 100) =>
  store.analytics.claimCollections({ now, leaseOwner, leaseUntil: new Date(now.getTime() + 60_000), limit });

/**
 * The analytics part of the store contract: collections start from the journal's posted posts,
 * are leased one collector at a time, keep every read as a snapshot, and the aggregates an
 * answer is computed from. `store()` is the test's fresh store.
 */
export function describeAnalyticsContract(store: () => Store): void {
  describe('analytics', () => {
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

    it('aggregates the figures of the asked accounts by period, local hour, category and platform', async () => {
      // Paris is UTC+1 in early March. Posts: [id, platform, account, category, published, metrics]
      const rows: [string, Platform, string, string | null, Date, Record<string, number> | 'code10'][] = [
        [
          'post_e1',
          'instagram',
          'acct_ig',
          'tutorial',
          at(-2 * DAY + 8 * HOUR),
          { views: 1000, likes: 50, comments: 5, saves: 5 },
        ],
        ['post_e2', 'instagram', 'acct_ig', 'tutorial', at(-3 * DAY + 8 * HOUR), { views: 500, likes: 20 }],
        [
          'post_e3',
          'tiktok',
          'acct_tt',
          'promo',
          at(-10 * DAY + 17 * HOUR),
          { views: 9000, likes: 300, comments: 20, shares: 80 },
        ],
        ['post_e4', 'instagram', 'acct_ig', null, at(-40 * DAY), 'code10'],
        ['post_e5', 'youtube', 'acct_other', 'promo', at(-1 * DAY), { views: 77, likes: 7 }],
      ];
      for (const [id, platform, account, category, publishedAt] of rows) {
        await publish(store(), postOn(id, platform, account, category), publishedAt);
      }
      await followAll(store());
      const jobs = await claim(store(), T0, 'collector', 10);
      expect(jobs).toHaveLength(rows.length);
      for (const [id, , , , , metrics] of rows) {
        await store().analytics.recordCollection({
          postId: id,
          leaseOwner: 'collector',
          at: T0,
          status: metrics === 'code10' ? 'not_available' : 'collected',
          slot: 3,
          metrics: metrics === 'code10' ? null : metrics,
          nextAt: at(DAY),
        });
      }
      const range = (fromDays: number, toDays: number) => ({
        from: at(fromDays * DAY),
        to: at(toDays * DAY),
      });
      const query: AnalyticsQuery = {
        ownerId: OWNER,
        accountIds: ['acct_ig', 'acct_tt'],
        periods: {
          window: range(-30, 0),
          week: range(-7, 0),
          previousWeek: range(-14, -7),
          month: range(-30, 0),
          previousMonth: range(-60, -30),
          year: range(-365, 0),
          previousYear: range(-730, -365),
        },
        offsets: [{ from: at(-730 * DAY), to: at(DAY), offsetMinutes: 60 }],
        topPosts: 5,
      };
      const result = await store().analytics.aggregate(query);
      expect(Object.keys(result.periods).sort()).toEqual([...PERIOD_NAMES].sort());
      expect(result.periods.window).toEqual({
        instagram: { posts: 2, views: 1500, postsWithViews: 2, engagement: 80, postsWithEngagement: 2 },
        tiktok: { posts: 1, views: 9000, postsWithViews: 1, engagement: 400, postsWithEngagement: 1 },
      });
      expect(result.periods.week).toEqual({
        instagram: { posts: 2, views: 1500, postsWithViews: 2, engagement: 80, postsWithEngagement: 2 },
      });
      expect(result.periods.previousWeek).toEqual({
        tiktok: { posts: 1, views: 9000, postsWithViews: 1, engagement: 400, postsWithEngagement: 1 },
      });
      expect(result.periods.previousMonth).toEqual({
        instagram: { posts: 1, views: 0, postsWithViews: 0, engagement: 0, postsWithEngagement: 0 },
      });
      expect(result.periods.previousYear).toEqual({});
      expect(result.collection).toEqual({
        instagram: {
          posts: 2,
          collected: 2,
          notAvailable: 0,
          scopeMissing: 0,
          withMetric: { views: 2, likes: 2, comments: 1, saves: 1 },
        },
        tiktok: {
          posts: 1,
          collected: 1,
          notAvailable: 0,
          scopeMissing: 0,
          withMetric: { views: 1, likes: 1, comments: 1, shares: 1 },
        },
      });
      // Saturday and Friday 09:00 in Paris (08:00 UTC), Friday 18:00 (17:00 UTC).
      expect([...result.cells].sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)).toEqual([
        { weekday: 4, hour: 9, posts: 1, engagement: 20 },
        { weekday: 4, hour: 18, posts: 1, engagement: 400 },
        { weekday: 5, hour: 9, posts: 1, engagement: 60 },
      ]);
      expect(
        [...result.categories].sort((a, b) => String(a.category).localeCompare(String(b.category))),
      ).toEqual([
        { category: 'promo', posts: 1, engagement: 400 },
        { category: 'tutorial', posts: 2, engagement: 80 },
      ]);
      expect(
        [...result.topPosts].sort(
          (a, b) => a.platform.localeCompare(b.platform) || b.engagement - a.engagement,
        ),
      ).toEqual([
        {
          platform: 'instagram',
          postId: 'post_e1',
          permalink: 'https://example.test/post_e1',
          engagement: 60,
        },
        {
          platform: 'instagram',
          postId: 'post_e2',
          permalink: 'https://example.test/post_e2',
          engagement: 20,
        },
        { platform: 'tiktok', postId: 'post_e3', permalink: 'https://example.test/post_e3', engagement: 400 },
      ]);
      const one = await store().analytics.aggregate({ ...query, topPosts: 1 });
      expect(one.topPosts.map((p) => p.postId).sort()).toEqual(['post_e1', 'post_e3']);
      // Every account of the owner, when none is named: other accounts' posts count too.
      const all = await store().analytics.aggregate({ ...query, accountIds: null });
      expect(all.periods.window.youtube).toEqual({
        posts: 1,
        views: 77,
        postsWithViews: 1,
        engagement: 7,
        postsWithEngagement: 1,
      });
      const wider = await store().analytics.aggregate({
        ...query,
        periods: { ...query.periods, window: range(-60, 0) },
      });
      expect(wider.collection.instagram).toMatchObject({ posts: 3, collected: 2, notAvailable: 1 });
    });

    it('sums the asked accounts’ posts per local day and platform, in the zone’s offsets', async () => {
      // Paris: UTC+1 until 2026-03-29 01:00 UTC, then UTC+2. [id, platform, account, published, metrics]
      const rows: [string, Platform, string, Date, Record<string, number> | null][] = [
        // 23:30 UTC on 1 March is 00:30 on 2 March in Paris.
        ['post_s1', 'instagram', 'acct_ig', at(-30 * 60_000), { views: 100, likes: 10, saves: 2 }],
        ['post_s2', 'instagram', 'acct_ig', at(10 * HOUR), { views: 50 }],
        ['post_s3', 'tiktok', 'acct_tt', at(12 * HOUR), { views: 900, likes: 40, shares: 5 }],
        // 22:30 UTC on 29 March is 00:30 on 30 March in Paris, after the change to UTC+2.
        ['post_s4', 'tiktok', 'acct_tt', new Date('2026-03-29T22:30:00Z'), { views: 10, likes: 1 }],
        ['post_s5', 'youtube', 'acct_other', at(HOUR), { views: 7, likes: 7 }],
        // Not read yet: a post, no figures.
        ['post_s6', 'instagram', 'acct_ig', at(2 * DAY), null],
        // Before the series: not counted.
        ['post_s7', 'instagram', 'acct_ig', at(-3 * DAY), { views: 1, likes: 1 }],
      ];
      for (const [id, platform, account, publishedAt] of rows) {
        await publish(store(), postOn(id, platform, account), publishedAt);
      }
      await followAll(store());
      await claim(store(), new Date('2026-04-01T00:00:00Z'), 'collector', 10);
      for (const [id, , , , metrics] of rows) {
        if (metrics === null) continue;
        await store().analytics.recordCollection({
          postId: id,
          leaseOwner: 'collector',
          at: T0,
          status: 'collected',
          slot: 3,
          metrics,
          nextAt: null,
        });
      }
      const from = new Date('2026-02-28T23:00:00Z'); // 1 March, 00:00 in Paris
      const to = new Date('2026-04-01T00:00:00Z');
      const query = {
        ownerId: OWNER,
        accountIds: ['acct_ig', 'acct_tt'],
        from,
        to,
        offsets: [
          { from, to: new Date('2026-03-29T01:00:00Z'), offsetMinutes: 60 },
          { from: new Date('2026-03-29T01:00:00Z'), to, offsetMinutes: 120 },
        ],
      };
      const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
      const sums = { postsWithViews: 1, postsWithEngagement: 1 };
      const byDay = (await store().analytics.aggregateByDay(query)).sort(
        (a, b) => a.day - b.day || a.platform.localeCompare(b.platform),
      );
      expect(byDay).toEqual([
        {
          day: day('2026-03-02'),
          platform: 'instagram',
          posts: 2,
          views: 150,
          engagement: 12,
          postsWithViews: 2,
          postsWithEngagement: 1,
        },
        { day: day('2026-03-02'), platform: 'tiktok', posts: 1, views: 900, engagement: 45, ...sums },
        {
          day: day('2026-03-04'),
          platform: 'instagram',
          posts: 1,
          views: 0,
          engagement: 0,
          postsWithViews: 0,
          postsWithEngagement: 0,
        },
        { day: day('2026-03-30'), platform: 'tiktok', posts: 1, views: 10, engagement: 1, ...sums },
      ]);
      // Every account of the owner when none is named; without offsets, days are UTC days.
      const all = await store().analytics.aggregateByDay({ ...query, accountIds: null, offsets: [] });
      expect(all.filter((s) => s.platform === 'youtube')).toEqual([
        { day: day('2026-03-02'), platform: 'youtube', posts: 1, views: 7, engagement: 7, ...sums },
      ]);
      expect(all.find((s) => s.platform === 'instagram' && s.day === day('2026-03-01'))).toMatchObject({
        posts: 1,
        views: 100,
      });
      expect(await store().analytics.aggregateByDay({ ...query, ownerId: 'user_nobody' })).toEqual([]);
    });
  });
}
