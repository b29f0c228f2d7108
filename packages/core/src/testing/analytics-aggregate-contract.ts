import { expect, it } from 'vitest';
import type { AnalyticsQuery } from '../analytics/index.js';
import { PERIOD_NAMES } from '../analytics/index.js';
import type { Store } from '../deps/index.js';
import type { Platform } from '../kernel/index.js';
import { at, claim, DAY, followAll, HOUR, OWNER, postOn, publish, T0 } from './analytics-contract-support.js';

/**
 * The aggregates an answer is computed from: by period, local hour, category and platform, and
 * per local day; registered in the caller's `analytics` block.
 */
export function describeAnalyticsAggregateContract(store: () => Store): void {
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

  it('sums the asked accounts’ posts per local day and platform, and per local weekday and hour alone, in the zone’s offsets', async () => {
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

    // The cells alone are the cells of a whole answer over the same window, accounts and offsets.
    const byCell = (a: { weekday: number; hour: number }, b: { weekday: number; hour: number }) =>
      a.weekday - b.weekday || a.hour - b.hour;
    for (const asked of [query, { ...query, accountIds: ['acct_tt'] }, { ...query, offsets: [] }]) {
      const whole = await store().analytics.aggregate({
        ownerId: asked.ownerId,
        accountIds: asked.accountIds,
        periods: Object.fromEntries(
          PERIOD_NAMES.map((name) => [name, { from, to }]),
        ) as AnalyticsQuery['periods'],
        offsets: asked.offsets,
        topPosts: 0,
      });
      const cells = [...(await store().analytics.aggregateTimeCells(asked))].sort(byCell);
      expect(cells.length).toBeGreaterThan(0);
      expect(cells).toEqual([...whole.cells].sort(byCell));
    }
    expect(await store().analytics.aggregateTimeCells({ ...query, ownerId: 'user_nobody' })).toEqual([]);
  });
}
