import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../kernel/index.js';
import {
  type AnalyticsAggregates,
  PERIOD_NAMES,
  type PlatformSums,
  type RankedPost,
  type TimeCell,
} from './analytics-aggregates.js';
import { coverageState } from './analytics-coverage.js';
import { answerAnalytics, changeOf, MIN_BUCKET_SAMPLES, MIN_TOTAL_SAMPLES } from './answer-analytics.js';

const window = {
  days: 30,
  timezone: 'Europe/Paris',
  from: new Date('2026-10-27T00:00:00Z'),
  to: new Date('2026-11-26T00:00:00Z'),
  platforms: [] as Platform[],
};
const sums = (posts: number, views: number, engagement: number): PlatformSums => ({
  posts,
  views,
  postsWithViews: posts,
  engagement,
  postsWithEngagement: posts,
});
const empty = Object.fromEntries(PERIOD_NAMES.map((name) => [name, {}])) as AnalyticsAggregates['periods'];
const aggregates = (over: Partial<AnalyticsAggregates> = {}): AnalyticsAggregates => ({
  periods: empty,
  collection: {},
  cells: [],
  categories: [],
  topPosts: [],
  ...over,
});

describe('answerAnalytics', () => {
  it('totals views and engagement overall and per platform, from the window only', () => {
    const answer = answerAnalytics(
      window,
      aggregates({
        periods: {
          ...empty,
          window: { instagram: sums(4, 1000, 120), tiktok: sums(2, 5000, 300) },
          year: { instagram: sums(40, 9000, 900) },
        },
      }),
    );
    expect(answer.totals).toEqual({
      posts: 6,
      views: 6000,
      engagement: 420,
      byPlatform: {
        instagram: { posts: 4, views: 1000, engagement: 120 },
        tiktok: { posts: 2, views: 5000, engagement: 300 },
      },
    });
    expect(answer).toMatchObject({ days: 30, timezone: 'Europe/Paris', from: '2026-10-27T00:00:00.000Z' });
  });

  it('compares each period with the one before, with raw figures and post counts', () => {
    const answer = answerAnalytics(
      window,
      aggregates({
        periods: {
          ...empty,
          week: { youtube: sums(3, 1500, 90) },
          previousWeek: { youtube: sums(2, 1000, 120) },
          month: { youtube: sums(5, 100, 10) },
          previousMonth: {},
        },
      }),
    );
    expect(answer.weekOnWeek).toEqual({
      current: { posts: 3, views: 1500, engagement: 90 },
      previous: { posts: 2, views: 1000, engagement: 120 },
      change: { views: 0.5, engagement: -0.25 },
    });
    // An empty previous period has nothing to compare with: null, never Infinity.
    expect(answer.monthOnMonth.change).toEqual({ views: null, engagement: null });
    expect(answer.yearOnYear.change).toEqual({ views: null, engagement: null });
  });

  it('recommends the hour, weekday and category with the best engagement per post', () => {
    const cells: TimeCell[] = [
      { weekday: 1, hour: 9, posts: 4, engagement: 400 },
      { weekday: 1, hour: 18, posts: 3, engagement: 600 },
      { weekday: 4, hour: 18, posts: 3, engagement: 150 },
      { weekday: 6, hour: 7, posts: 1, engagement: 900 },
    ];
    const answer = answerAnalytics(
      window,
      aggregates({
        cells,
        categories: [
          { category: 'tutorial', posts: 6, engagement: 900 },
          { category: 'promo', posts: 3, engagement: 300 },
          { category: 'meme', posts: 2, engagement: 2000 },
          { category: null, posts: 5, engagement: 5000 },
        ],
      }),
    );
    // 18:00 holds 6 posts at 125 on average; 07:00 has one post only, too few to count.
    expect(answer.bestHour).toEqual({ value: 18, samples: 6, averageEngagement: 125, reason: null });
    expect(answer.bestWeekday).toEqual({
      value: 'tuesday',
      samples: 7,
      averageEngagement: 1000 / 7,
      reason: null,
    });
    expect(answer.bestCategory).toEqual({
      value: 'tutorial',
      samples: 6,
      averageEngagement: 150,
      reason: null,
    });
    expect(answer.bestTimes).toHaveLength(7 * 24);
    expect(answer.bestTimes.find((c) => c.weekday === 'tuesday' && c.hour === 18)).toEqual({
      weekday: 'tuesday',
      hour: 18,
      samples: 3,
      averageEngagement: 200,
    });
    expect(answer.bestTimes.find((c) => c.weekday === 'monday' && c.hour === 0)).toEqual({
      weekday: 'monday',
      hour: 0,
      samples: 0,
      averageEngagement: null,
    });
  });

  it('says there are too few samples instead of guessing', () => {
    const cells: TimeCell[] = [{ weekday: 0, hour: 9, posts: MIN_TOTAL_SAMPLES - 1, engagement: 50 }];
    const answer = answerAnalytics(window, aggregates({ cells }));
    expect(answer.bestHour).toEqual({
      value: null,
      samples: MIN_TOTAL_SAMPLES - 1,
      averageEngagement: null,
      reason: 'too_few_samples',
    });
    expect(answer.bestCategory.reason).toBe('too_few_samples');
  });

  it('ranks top posts within each platform only, relative to that platform best', () => {
    const top: RankedPost[] = [
      { platform: 'tiktok', postId: 'p1', permalink: 'https://t/1', engagement: 50 },
      { platform: 'instagram', postId: 'p2', permalink: null, engagement: 8 },
      { platform: 'tiktok', postId: 'p3', permalink: 'https://t/3', engagement: 200 },
    ];
    const answer = answerAnalytics(window, aggregates({ topPosts: top }));
    expect(answer.topPosts).toEqual({
      instagram: [
        { rank: 1, postId: 'p2', permalink: null, metric: 'engagement', value: 8, relativeToPlatformBest: 1 },
      ],
      tiktok: [
        {
          rank: 1,
          postId: 'p3',
          permalink: 'https://t/3',
          metric: 'engagement',
          value: 200,
          relativeToPlatformBest: 1,
        },
        {
          rank: 2,
          postId: 'p1',
          permalink: 'https://t/1',
          metric: 'engagement',
          value: 50,
          relativeToPlatformBest: 0.25,
        },
      ],
    });
  });

  it('states coverage: metrics with how many posts have them, what the platform never gives, and why posts lack figures', () => {
    const answer = answerAnalytics(
      window,
      aggregates({
        collection: {
          instagram: {
            posts: 10,
            collected: 6,
            notAvailable: 1,
            scopeMissing: 2,
            withMetric: { views: 6, likes: 6, reach: 5 },
          },
        },
      }),
    );
    expect(answer.coverage.instagram).toEqual({
      state: 'partial',
      posts: 10,
      metrics: { views: 6, reach: 5, likes: 6, comments: 0, shares: 0, saves: 0 },
      unavailable: ['replies', 'reposts', 'quotes', 'reactions'],
      missing: [
        { reason: 'scope_not_granted', posts: 2 },
        { reason: 'too_few_viewers', posts: 1 },
        { reason: 'not_yet_collected', posts: 1 },
      ],
    });
  });
});

describe('coverage', () => {
  it('names every visible platform, each with a state that tells no posts from no metrics', () => {
    const answer = answerAnalytics(
      { ...window, platforms: ['youtube', 'instagram', 'threads'] },
      aggregates({
        collection: {
          // Published on an account the caller no longer sees (disconnected): still covered.
          facebook: { posts: 2, collected: 2, notAvailable: 0, scopeMissing: 0, withMetric: { views: 2 } },
          instagram: { posts: 3, collected: 0, notAvailable: 1, scopeMissing: 0, withMetric: {} },
          threads: { posts: 3, collected: 1, notAvailable: 0, scopeMissing: 0, withMetric: { likes: 1 } },
        },
      }),
    );
    expect(Object.keys(answer.coverage)).toEqual(['instagram', 'youtube', 'threads', 'facebook']);
    expect(answer.coverage.youtube).toEqual({
      state: 'no_posts',
      posts: 0,
      metrics: { views: 0, likes: 0, comments: 0 },
      unavailable: ['reach', 'shares', 'saves', 'replies', 'reposts', 'quotes', 'reactions'],
      missing: [],
    });
    expect(answer.coverage.instagram?.state).toBe('no_metrics');
    expect(answer.coverage.threads?.state).toBe('partial');
    expect(answer.coverage.facebook?.state).toBe('complete');
    expect(answer.coverage.tiktok).toBeUndefined();
  });

  it('gives every state by its counts', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (posts, read) => {
        const collected = Math.min(posts, read);
        const state = coverageState({ posts, collected });
        if (posts === 0) return state === 'no_posts';
        if (collected === 0) return state === 'no_metrics';
        return state === (collected === posts ? 'complete' : 'partial');
      }),
    );
  });
});

const platform = fc.constantFrom<Platform>('instagram', 'tiktok', 'youtube', 'threads', 'facebook');

describe('comparisons and rankings (properties)', () => {
  it('a change is finite or null, null exactly when there is nothing to compare with, and undoes itself', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), fc.nat(1e6), (current, previous, previousPosts) => {
        const change = changeOf(current, previous, previousPosts);
        if (previousPosts === 0 || previous === 0) return change === null;
        return (
          change !== null &&
          Number.isFinite(change) &&
          Math.abs(previous * (1 + change) - current) < 1e-6 * Math.max(1, current)
        );
      }),
    );
  });

  it('top posts never mix platforms; the best of each is 1 and every other lies in [0, 1], in rank order', () => {
    const post = fc.record({
      platform,
      postId: fc.string({ minLength: 1, maxLength: 8 }),
      permalink: fc.constant(null),
      engagement: fc.nat(1e6),
    });
    fc.assert(
      fc.property(fc.array(post, { maxLength: 30 }), (topPosts) => {
        const answer = answerAnalytics(window, aggregates({ topPosts }));
        for (const [name, ranked] of Object.entries(answer.topPosts)) {
          const own = topPosts.filter((p) => p.platform === name);
          expect(ranked.map((p) => p.postId).sort()).toEqual(own.map((p) => p.postId).sort());
          expect(ranked[0]?.relativeToPlatformBest).toBe(1);
          for (const [index, p] of ranked.entries()) {
            expect(p.rank).toBe(index + 1);
            expect(p.relativeToPlatformBest).toBeGreaterThanOrEqual(0);
            expect(p.relativeToPlatformBest).toBeLessThanOrEqual(1);
            if (index > 0) expect(p.value).toBeLessThanOrEqual(ranked[index - 1]?.value ?? Infinity);
          }
        }
      }),
    );
  });

  it('a recommendation always has enough samples, and no eligible bucket beats it', () => {
    const cell = fc.record({
      weekday: fc.integer({ min: 0, max: 6 }),
      hour: fc.integer({ min: 0, max: 23 }),
      posts: fc.nat(20),
      engagement: fc.nat(10_000),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(cell, { selector: (c) => `${c.weekday}/${c.hour}`, maxLength: 40 }),
        (cells) => {
          const { bestHour } = answerAnalytics(window, aggregates({ cells }));
          const total = cells.reduce((s, c) => s + c.posts, 0);
          if (bestHour.value === null) {
            expect(bestHour.reason).toBe('too_few_samples');
            return;
          }
          expect(total).toBeGreaterThanOrEqual(MIN_TOTAL_SAMPLES);
          expect(bestHour.samples).toBeGreaterThanOrEqual(MIN_BUCKET_SAMPLES);
          for (let hour = 0; hour < 24; hour += 1) {
            const inHour = cells.filter((c) => c.hour === hour);
            const posts = inHour.reduce((s, c) => s + c.posts, 0);
            if (posts < MIN_BUCKET_SAMPLES) continue;
            const average = inHour.reduce((s, c) => s + c.engagement, 0) / posts;
            expect(average).toBeLessThanOrEqual((bestHour.averageEngagement ?? 0) + 1e-9);
          }
        },
      ),
    );
  });
});
