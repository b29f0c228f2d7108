import { describe, expect, it } from 'vitest';
import { PLATFORM_DEFAULT_SLOTS } from './platform-default-slots.js';
import { suggestPostingSlots } from './suggest-posting-slots.js';

// weekday 0 is Monday; engagement is the cell's sum, so score = engagement / posts.
const cell = (weekday: number, hour: number, posts: number, engagement: number) => ({
  weekday,
  hour,
  posts,
  engagement,
});

describe('suggestPostingSlots', () => {
  it('takes the best cells with enough posts, one a day, and lists the slots in week order', () => {
    const cells = [
      cell(0, 9, 4, 400), // 100, beaten on Monday by 10:00
      cell(0, 10, 3, 330), // 110: the best
      cell(1, 18, 5, 250), // 50
      cell(2, 12, 2, 1000), // 500 but two posts: not enough to say
      cell(3, 8, 3, 90), // 30
      cell(4, 7, 3, 60), // 20
      cell(5, 11, 3, 30), // 10
      cell(6, 20, 3, 3), // 1: sixth, left out
    ];
    const s = suggestPostingSlots(cells, 'instagram', 'Europe/Paris', { days: 90 });
    expect(s.source).toBe('analytics');
    expect(s.samples).toBe(26);
    expect(s.cells.map((c) => [c.day, c.hour, c.samples, c.score])).toEqual([
      ['mon', 10, 3, 110],
      ['tue', 18, 5, 50],
      ['thu', 8, 3, 30],
      ['fri', 7, 3, 20],
      ['sat', 11, 3, 10],
    ]);
    expect(s.slots).toEqual([
      { day: 'mon', time: '10:00' },
      { day: 'tue', time: '18:00' },
      { day: 'thu', time: '08:00' },
      { day: 'fri', time: '07:00' },
      { day: 'sat', time: '11:00' },
    ]);
    expect(s.message).toContain('Measured on this account');
    expect(s.message).toContain('Europe/Paris');
    // Two a day when asked: Monday 09:00 comes in.
    const two = suggestPostingSlots(cells, 'instagram', 'UTC', { days: 90, maxPerDay: 2, maxSlots: 3 });
    expect(two.slots).toEqual([
      { day: 'mon', time: '09:00' },
      { day: 'mon', time: '10:00' },
      { day: 'tue', time: '18:00' },
    ]);
  });

  it('breaks a tie on score by the cell with more posts', () => {
    const s = suggestPostingSlots([cell(0, 9, 5, 50), cell(0, 8, 6, 60)], 'threads', 'UTC', {
      days: 30,
      maxSlots: 1,
    });
    expect(s.cells).toEqual([{ day: 'mon', hour: 8, samples: 6, score: 10 }]);
  });

  it('suggests the platform defaults, labelled as not measured, with too few posts', () => {
    const s = suggestPostingSlots([cell(0, 9, 4, 400), cell(1, 9, 5, 50)], 'tiktok', 'America/New_York', {
      days: 90,
    });
    expect(s).toMatchObject({ source: 'platform_defaults', samples: 9, cells: [] });
    expect(s.slots).toEqual(PLATFORM_DEFAULT_SLOTS.tiktok);
    expect(s.message).toContain('Only 9 post(s)');
    expect(s.message).toContain('not measured on this account');
    expect(s.message).toContain('America/New_York');
  });

  it('suggests the defaults when posts are many but no cell has enough of them', () => {
    const spread = Array.from({ length: 12 }, (_, i) => cell(i % 7, i, 1, 10));
    const s = suggestPostingSlots(spread, 'youtube', 'UTC', { days: 30 });
    expect(s.source).toBe('platform_defaults');
    expect(s.samples).toBe(12);
    expect(s.message).toContain('No weekday and hour has 3 posts');
    expect(s.slots).toEqual(PLATFORM_DEFAULT_SLOTS.youtube);
  });

  it('has defaults for every platform, in week order, at most one a day', () => {
    for (const [platform, slots] of Object.entries(PLATFORM_DEFAULT_SLOTS)) {
      const s = suggestPostingSlots([], platform as keyof typeof PLATFORM_DEFAULT_SLOTS, 'UTC', { days: 1 });
      expect(s.slots).toEqual(slots);
      expect(slots.length).toBeGreaterThan(0);
      expect(new Set(slots.map((x) => x.day)).size).toBe(slots.length);
    }
  });
});
