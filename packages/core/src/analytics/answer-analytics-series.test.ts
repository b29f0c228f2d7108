import { describe, expect, it } from 'vitest';
import type { DaySums } from './analytics-aggregates.js';
import { answerAnalyticsSeries } from './answer-analytics-series.js';

const FIRST = Date.parse('2026-03-01T00:00:00Z') / 86_400_000;
const window = {
  days: 4,
  timezone: 'UTC',
  firstDay: FIRST,
  from: new Date('2026-03-01T00:00:00Z'),
  to: new Date('2026-03-04T15:00:00Z'),
};
const sums = (day: number, platform: DaySums['platform'], views: number, engagement: number): DaySums => ({
  day: FIRST + day,
  platform,
  posts: 1,
  views,
  postsWithViews: 1,
  engagement,
  postsWithEngagement: 1,
});

describe('answerAnalyticsSeries', () => {
  it('gives every day of the window, oldest first, and nothing per platform without posts', () => {
    expect(answerAnalyticsSeries(window, [])).toEqual({
      days: 4,
      timezone: 'UTC',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-04T15:00:00.000Z',
      dates: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
      byPlatform: {},
    });
  });

  it('fills the days a platform published nothing with zeros, one series per platform', () => {
    const series = answerAnalyticsSeries(window, [
      sums(3, 'tiktok', 900, 40),
      sums(1, 'instagram', 100, 12),
      sums(3, 'instagram', 50, 5),
    ]);
    expect(Object.keys(series.byPlatform)).toEqual(['instagram', 'tiktok']);
    expect(series.byPlatform.instagram).toEqual([
      { date: '2026-03-01', posts: 0, views: 0, engagement: 0 },
      { date: '2026-03-02', posts: 1, views: 100, engagement: 12 },
      { date: '2026-03-03', posts: 0, views: 0, engagement: 0 },
      { date: '2026-03-04', posts: 1, views: 50, engagement: 5 },
    ]);
    expect(series.byPlatform.tiktok?.map((d) => d.views)).toEqual([0, 0, 0, 900]);
  });

  it('adds up rows of the same day and platform, and never grows past the window', () => {
    const series = answerAnalyticsSeries(window, [
      sums(0, 'youtube', 10, 1),
      sums(0, 'youtube', 5, 2),
      sums(-1, 'youtube', 1000, 1000),
      sums(4, 'youtube', 1000, 1000),
      sums(9, 'threads', 1000, 1000),
    ]);
    expect(series.byPlatform.youtube?.[0]).toEqual({
      date: '2026-03-01',
      posts: 2,
      views: 15,
      engagement: 3,
    });
    expect(series.byPlatform.youtube).toHaveLength(4);
    expect(series.byPlatform.youtube?.reduce((total, d) => total + d.views, 0)).toBe(15);
    expect(series.byPlatform.threads).toBeUndefined();
  });
});
