import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_CONFIG } from './platform-limits.js';
import { textCounters } from './text-counters.js';
import { validatePostPolicy } from './validate-post-policy.js';

const PHOTO = { contentType: 'image/jpeg', width: 1080, height: 1350, sizeBytes: 100_000 };
const VIDEO = {
  contentType: 'video/mp4',
  width: 1080,
  height: 1920,
  durationMs: 30_000,
  sizeBytes: 1_000_000,
};
const counters = (input: Parameters<typeof textCounters>[0]) => textCounters(input, DEFAULT_POLICY_CONFIG);

describe('textCounters', () => {
  it('counts the caption the way each platform counts it', () => {
    // One emoji: 1 code point, 2 UTF-16 units, 4 bytes of UTF-8, 4 on Threads.
    const found = counters({ caption: 'Hi 🍞', platforms: ['instagram', 'tiktok', 'youtube', 'threads'] });
    expect(found.filter((c) => c.field === 'caption').map((c) => [c.platform, c.used, c.max])).toEqual([
      ['instagram', 4, 2200],
      ['tiktok', 5, 2200],
      ['youtube', 7, 5000],
      ['threads', 7, 500],
    ]);
  });

  it('uses the photo-post ceilings when every slide is a photo', () => {
    const video = counters({ caption: '', title: 'T', platforms: ['tiktok'], media: [VIDEO] });
    const photo = counters({ caption: '', title: 'T', platforms: ['tiktok'], media: [PHOTO] });
    expect(video.map((c) => [c.field, c.max])).toEqual([
      ['caption', 2200],
      ['title', 150],
    ]);
    expect(photo.map((c) => [c.field, c.max])).toEqual([
      ['caption', 4000],
      ['title', 90],
    ]);
  });

  it("shows the service's own cap before any platform is chosen", () => {
    expect(counters({ caption: 'abc', platforms: [] })).toEqual([
      {
        platform: null,
        field: 'caption',
        used: 3,
        max: 2200,
        counting: 'code_points',
        unit: 'characters',
        characters: 3,
        emoji: false,
      },
    ]);
  });

  it('is over its maximum exactly when the policy refuses the length', () => {
    for (const length of [499, 500, 501]) {
      const input = { caption: 'x'.repeat(length), platforms: ['threads'] };
      const over = counters(input).some((c) => c.used > c.max);
      const refused = validatePostPolicy(input).errors.some((e) => e.code === 'caption_too_long');
      expect(over, `${length} characters`).toBe(refused);
    }
  });
});
