import { describe, expect, it } from 'vitest';
import { found } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const IMAGE = { contentType: 'image/jpeg', width: 1080, height: 1080 };

function withComment(platform: string, firstComment: unknown): PolicyResult {
  return validatePostPolicy({
    caption: 'Hi',
    platforms: [platform],
    media: [IMAGE],
    platformMeta: { [platform]: { firstComment } },
  } as PolicyInput);
}

describe('first comment', () => {
  it.each([
    ['instagram', 'Link in bio #launch'],
    ['facebook', 'More at https://example.com/a'],
    ['threads', 'https://a.example https://b.example'],
    ['instagram', 'x'.repeat(2200)],
    ['threads', 'x'.repeat(500)],
  ])('accepts a first comment on %s within its limits', (platform, text) => {
    expect(found(withComment(platform, text))).toEqual([]);
  });

  it.each([
    ['instagram', 2201],
    ['facebook', 8001],
    ['threads', 501],
  ])('refuses a first comment on %s longer than its limit', (platform, length) => {
    const result = withComment(platform, 'y'.repeat(length));
    expect(found(result)).toEqual([
      {
        code: 'caption_too_long',
        severity: 'error',
        platform,
        field: `platformMeta.${platform}.firstComment`,
      },
    ]);
    expect(result.errors[0]?.message).toContain('Shorten it by 1.');
  });

  it('refuses more than 5 links in a Threads reply, not on Facebook', () => {
    const links = Array.from({ length: 6 }, (_, i) => `https://l${i}.example`).join(' ');
    expect(found(withComment('threads', links))).toEqual([
      {
        code: 'too_many_links',
        severity: 'error',
        platform: 'threads',
        field: 'platformMeta.threads.firstComment',
      },
    ]);
    expect(found(withComment('facebook', links))).toEqual([]);
  });

  it('refuses more than 30 hashtags on Instagram', () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    expect(found(withComment('instagram', tags))[0]?.code).toBe('too_many_hashtags');
  });

  it.each([[''], ['   '], [42]])('refuses a blank or non-text first comment (%j)', (value) => {
    expect(found(withComment('facebook', value))[0]?.code).toBe('invalid_caption');
  });

  it('refuses a first comment on a platform that takes none', () => {
    const result = validatePostPolicy({
      caption: 'Hi',
      title: 'T',
      platforms: ['tiktok'],
      media: [{ contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 }],
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY', firstComment: 'hello' } },
    } as PolicyInput);
    expect(found(result)).toEqual([
      {
        code: 'invalid_caption',
        severity: 'error',
        platform: 'tiktok',
        field: 'platformMeta.tiktok.firstComment',
      },
    ]);
  });

  it('checks only the platforms the post targets', () => {
    const result = validatePostPolicy({
      caption: 'Hi',
      platforms: ['facebook'],
      media: [IMAGE],
      platformMeta: { threads: { firstComment: 'z'.repeat(900) } },
    } as PolicyInput);
    expect(found(result)).toEqual([]);
  });
});
