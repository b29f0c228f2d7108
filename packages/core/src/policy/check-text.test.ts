import { describe, expect, it } from 'vitest';
import { mergePolicyConfig } from './platform-limits.js';
import { CLEAN, found, messageOf } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

const JPEG = { contentType: 'image/jpeg', width: 1080, height: 1350 };
const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 };
const TIKTOK_META = { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } };

/** A post that passes every rule of the platform, to change one thing at a time. */
const BASE: Record<string, PolicyInput> = {
  instagram: { caption: 'Hi', platforms: ['instagram'], media: [JPEG] },
  tiktok: { caption: 'Hi', title: 'T', platforms: ['tiktok'], media: [VIDEO], platformMeta: TIKTOK_META },
  tiktokPhoto: { caption: 'Hi', title: 'T', platforms: ['tiktok'], media: [JPEG], platformMeta: TIKTOK_META },
  youtube: {
    caption: 'Hi',
    title: 'T',
    platforms: ['youtube'],
    media: [VIDEO],
    platformMeta: { youtube: { madeForKids: false } },
  },
  threads: { caption: 'Hi', platforms: ['threads'] },
  facebook: { caption: 'Hi', platforms: ['facebook'] },
};

function check(base: string, change: Record<string, unknown>, config = mergePolicyConfig({})): PolicyResult {
  return validatePostPolicy({ ...BASE[base], ...change } as PolicyInput, config);
}

const clean = (result: PolicyResult) => expect(result).toEqual(CLEAN);

describe('the bases', () => {
  it.each(Object.keys(BASE))('%s passes', (name) => clean(check(name, {})));
});

describe('caption ceilings per platform', () => {
  it('Instagram: 2,200 characters; beyond that only the service-wide error is reported', () => {
    clean(check('instagram', { caption: '😀'.repeat(2200) }));
    const result = check('instagram', { caption: 'a'.repeat(2201) });
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: null, field: 'caption' },
    ]);
  });

  it('Instagram: its own ceiling shows when the service allows longer captions', () => {
    const config = mergePolicyConfig({ captionMax: 10_000 });
    clean(check('instagram', { caption: 'a'.repeat(2200) }, config));
    expect(found(check('instagram', { caption: 'a'.repeat(2201) }, config), 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'instagram', field: 'caption' },
    ]);
  });

  it('TikTok video: 2,200 UTF-16 units, so 1,100 emoji pass and 1,101 fail', () => {
    clean(check('tiktok', { caption: '😀'.repeat(1100) }));
    const result = check('tiktok', { caption: '😀'.repeat(1101) });
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'tiktok', field: 'caption' },
    ]);
    expect(messageOf(result, 'caption_too_long')).toContain('2,202 characters, most emoji counting 2');
    expect(messageOf(result, 'caption_too_long')).toContain('Shorten it by 2');
  });

  it('TikTok photo: the caption is the description, up to 4,000 UTF-16 units', () => {
    clean(check('tiktokPhoto', { caption: '😀'.repeat(2000) }));
    const result = check('tiktokPhoto', { caption: '😀'.repeat(2001) });
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'tiktok', field: 'caption' },
    ]);
    expect(messageOf(result, 'caption_too_long')).toContain('TikTok photo posts take at most 4,000');
  });

  it('Threads: 500, each emoji counting its UTF-8 bytes', () => {
    clean(check('threads', { caption: 'a'.repeat(500) }));
    clean(check('threads', { caption: '👍'.repeat(125) }));
    clean(check('threads', { caption: `${'a'.repeat(496)}👍` }));
    clean(check('threads', { caption: `${'a'.repeat(482)}👨‍👩‍👧` }));
    for (const caption of [
      'a'.repeat(501),
      '👍'.repeat(126),
      `${'a'.repeat(497)}👍`,
      `${'a'.repeat(483)}👨‍👩‍👧`,
    ]) {
      expect(found(check('threads', { caption }), 'caption_too_long')).toEqual([
        { code: 'caption_too_long', severity: 'error', platform: 'threads', field: 'caption' },
      ]);
    }
    expect(messageOf(check('threads', { caption: '👍'.repeat(126) }), 'caption_too_long')).toContain(
      'measures 504',
    );
  });

  it('YouTube: the description takes 5,000 UTF-8 bytes', () => {
    const config = mergePolicyConfig({ captionMax: 10_000 });
    clean(check('youtube', { caption: 'é'.repeat(2500) }, config));
    clean(check('youtube', { caption: 'a'.repeat(5000) }, config));
    const result = check('youtube', { caption: 'é'.repeat(2501) }, config);
    expect(found(result, 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'youtube', field: 'caption' },
    ]);
    expect(messageOf(result, 'caption_too_long')).toContain('5,002 characters, accented letters counting 2');
  });

  it('YouTube: the description must not contain < or >', () => {
    const result = check('youtube', { caption: 'a <b> c' });
    expect(found(result, 'invalid_caption')).toEqual([
      { code: 'invalid_caption', severity: 'error', platform: 'youtube', field: 'caption' },
    ]);
    expect(messageOf(result, 'invalid_caption')).toContain('"<" or ">"');
    clean(check('threads', { caption: 'a <b> c' }));
  });

  it('Facebook: 63,206 characters when the service allows that much', () => {
    const config = mergePolicyConfig({ captionMax: 100_000 });
    clean(check('facebook', { caption: 'a'.repeat(63_206) }, config));
    expect(found(check('facebook', { caption: 'a'.repeat(63_207) }, config), 'caption_too_long')).toEqual([
      { code: 'caption_too_long', severity: 'error', platform: 'facebook', field: 'caption' },
    ]);
  });
});

describe('titles', () => {
  it.each(['tiktok', 'youtube'])('%s requires a title', (platform) => {
    for (const title of [undefined, null, '', '   ']) {
      const result = check(platform, { title });
      expect(found(result, 'title_required')).toEqual([
        { code: 'title_required', severity: 'error', platform, field: 'title' },
      ]);
      expect(messageOf(result, 'title_required')).toContain('add a title');
    }
  });

  it('ignores titles on platforms that do not use them', () => {
    clean(check('instagram', { title: 'x <y> '.repeat(100) }));
    clean(check('threads', { title: 'x'.repeat(1000) }));
  });

  it('TikTok: 150 characters, 90 for photo posts', () => {
    clean(check('tiktok', { title: '😀'.repeat(150) }));
    expect(found(check('tiktok', { title: 'a'.repeat(151) }), 'title_too_long')).toEqual([
      { code: 'title_too_long', severity: 'error', platform: 'tiktok', field: 'title' },
    ]);
    clean(check('tiktokPhoto', { title: 'a'.repeat(90) }));
    const photo = check('tiktokPhoto', { title: 'a'.repeat(91) });
    expect(found(photo, 'title_too_long')).toEqual([
      { code: 'title_too_long', severity: 'error', platform: 'tiktok', field: 'title' },
    ]);
    expect(messageOf(photo, 'title_too_long')).toContain('TikTok photo posts take a title of at most 90');
  });

  it('YouTube: 100 characters and no < or >', () => {
    clean(check('youtube', { title: 'a'.repeat(100) }));
    expect(found(check('youtube', { title: 'a'.repeat(101) }), 'title_too_long')).toEqual([
      { code: 'title_too_long', severity: 'error', platform: 'youtube', field: 'title' },
    ]);
    const result = check('youtube', { title: 'Top 5 > all' });
    expect(found(result, 'invalid_title')).toEqual([
      { code: 'invalid_title', severity: 'error', platform: 'youtube', field: 'title' },
    ]);
    expect(messageOf(result, 'invalid_title')).toContain('Remove them');
    clean(check('tiktok', { title: 'Top 5 > all' }));
  });
});

describe('hashtags', () => {
  const tags = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `#${prefix}${i}`).join(' ');

  it('Instagram: 30 pass, 31 fail, counting caption and hashtags together without duplicates', () => {
    clean(check('instagram', { caption: tags(30) }));
    clean(check('instagram', { caption: tags(30), hashtags: ['t0', '#T1', ''] }));
    const result = check('instagram', { caption: tags(29), hashtags: ['extra', '#more'] });
    expect(found(result, 'too_many_hashtags')).toEqual([
      { code: 'too_many_hashtags', severity: 'error', platform: 'instagram', field: 'hashtags' },
    ]);
    expect(messageOf(result, 'too_many_hashtags')).toContain('Remove 1');
    expect(found(check('instagram', { caption: tags(31) }), 'too_many_hashtags')).toEqual([
      { code: 'too_many_hashtags', severity: 'error', platform: 'instagram', field: 'caption' },
    ]);
  });

  it('does not count link fragments as hashtags', () => {
    clean(check('threads', { caption: '#one https://x.com/a#frag https://y.com/#b' }));
  });

  it('YouTube: more than 60 hashtags are all ignored (warning)', () => {
    clean(check('youtube', { caption: tags(60) }));
    const result = check('youtube', { caption: tags(61) });
    expect(found(result, 'hashtags_ignored')).toEqual([
      { code: 'hashtags_ignored', severity: 'warning', platform: 'youtube', field: 'caption' },
    ]);
    expect(result.ok).toBe(true);
  });

  it('Threads: one topic tag per post (warning)', () => {
    clean(check('threads', { caption: 'Hello #one' }));
    const result = check('threads', { caption: 'Hello #one', hashtags: ['two'] });
    expect(found(result, 'single_topic_tag')).toEqual([
      { code: 'single_topic_tag', severity: 'warning', platform: 'threads', field: 'hashtags' },
    ]);
    expect(messageOf(result, 'single_topic_tag')).toContain('Keep the hashtag that matters most');
  });

  it('TikTok and Facebook set no hashtag limit', () => {
    clean(check('tiktok', { caption: tags(100) }));
    clean(check('facebook', { caption: tags(100) }));
  });
});

describe('mentions', () => {
  const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@user${i}`).join(' ');

  it('Instagram: 20 @-mentions pass, 21 fail; e-mail addresses are not mentions', () => {
    clean(check('instagram', { caption: `${mentions(20)} @user0` }));
    const result = check('instagram', { caption: mentions(21) });
    expect(found(result, 'too_many_mentions')).toEqual([
      { code: 'too_many_mentions', severity: 'error', platform: 'instagram', field: 'caption' },
    ]);
    expect(messageOf(result, 'too_many_mentions')).toContain('at most 20');
    const withEmail = check('instagram', { caption: `${mentions(20)} me@mail.com` });
    expect(found(withEmail, 'too_many_mentions')).toEqual([]);
  });

  it('other platforms set no mention limit', () => {
    clean(check('threads', { caption: mentions(40) }));
  });
});

describe('links', () => {
  const links = (n: number) => Array.from({ length: n }, (_, i) => `https://site${i}.com/p`).join(' ');

  it('Threads: 5 links pass, 6 fail; repeats count once', () => {
    clean(check('threads', { caption: `${links(5)} https://site0.com/p HTTPS://SITE1.COM/p` }));
    const result = check('threads', { caption: links(6) });
    expect(found(result, 'too_many_links')).toEqual([
      { code: 'too_many_links', severity: 'error', platform: 'threads', field: 'caption' },
    ]);
    expect(messageOf(result, 'too_many_links')).toContain('Remove 1');
  });

  it('counts bare domains but not abbreviations or version numbers', () => {
    clean(check('threads', { caption: `${links(5)} e.g. v1.2 i.e. node.js` }));
    expect(found(check('threads', { caption: `${links(5)} example.org/x` }), 'too_many_links')).toHaveLength(
      1,
    );
  });

  it.each([
    ['instagram', 'bio'],
    ['tiktok', 'bio'],
    ['youtube', 'pinned comment'],
  ])('warns that links are not clickable on %s and says where they work', (platform, where) => {
    const result = check(platform, { caption: 'More at example.com/shop' });
    expect(found(result, 'link_not_clickable')).toEqual([
      { code: 'link_not_clickable', severity: 'warning', platform, field: 'caption' },
    ]);
    expect(messageOf(result, 'link_not_clickable')).toContain(where);
    expect(messageOf(result, 'link_not_clickable')).toContain('example.com/shop');
    clean(check(platform, { caption: 'More in the shop, e.g. shoes.' }));
  });

  it.each(['threads', 'facebook'])('does not warn on %s, where links are clickable', (platform) => {
    clean(check(platform, { caption: 'More at https://example.com/shop' }));
  });
});
