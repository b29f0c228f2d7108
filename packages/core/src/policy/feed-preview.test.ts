import { describe, expect, it } from 'vitest';
import { clipText, FEED_CAPTION_CHARS, feedPreview } from './feed-preview.js';
import { DEFAULT_POLICY_CONFIG } from './platform-limits.js';

const RULES = DEFAULT_POLICY_CONFIG.platforms;
const photo = (width: number, height: number) => ({ contentType: 'image/jpeg', width, height });
const VIDEO = { contentType: 'video/mp4', width: 1080, height: 1920 };
const LONG = `Fresh bread ${'and butter '.repeat(60)}`.trim();

describe('feedPreview', () => {
  it('folds a long caption where the feed shows "more", cut at a word', () => {
    const ig = feedPreview('instagram', { caption: LONG, platforms: ['instagram'] }, RULES.instagram);
    expect(ig.folded).toBe(true);
    expect(ig.caption.length).toBeLessThanOrEqual(FEED_CAPTION_CHARS.instagram ?? 0);
    expect(ig.caption).toMatch(/ (and|butter|bread)…$/);
    expect(LONG.startsWith(ig.caption.slice(0, -1))).toBe(true);
    const short = feedPreview('instagram', { caption: 'Fresh bread', platforms: [] }, RULES.instagram);
    expect([short.caption, short.folded]).toEqual(['Fresh bread', false]);
    // Threads shows the whole post; a Short's feed shows none of its description.
    const threads = feedPreview('threads', { caption: LONG, platforms: [] }, RULES.threads);
    expect([threads.caption, threads.folded]).toEqual([LONG, false]);
    const short2 = feedPreview('youtube', { caption: LONG, title: 'Bread', platforms: [] }, RULES.youtube);
    expect([short2.caption, short2.folded, short2.title]).toEqual(['', true, 'Bread']);
  });

  it('frames slide 1 within Instagram’s aspect range and says when it is cropped', () => {
    const frame = (w: number, h: number) =>
      feedPreview('instagram', { platforms: [], media: [photo(w, h)] }, RULES.instagram).frame;
    expect(frame(1080, 1350)).toEqual({ slideRatio: 0.8, frameRatio: 0.8, cropped: false });
    expect(frame(1200, 628)?.cropped).toBe(false);
    // A tall 9:16 photo shows as 4:5, a panorama as 1.91:1: the rest is cut away.
    expect(frame(1080, 1920)).toMatchObject({ frameRatio: 0.8, cropped: true });
    expect(frame(3000, 1000)).toMatchObject({ frameRatio: 1.91, cropped: true });
    // No range elsewhere; no frame without a photo of known size.
    expect(
      feedPreview('facebook', { platforms: [], media: [photo(1080, 1920)] }, RULES.facebook).frame,
    ).toEqual({ slideRatio: 0.5625, frameRatio: 0.5625, cropped: false });
    expect(feedPreview('instagram', { platforms: [], media: [VIDEO] }, RULES.instagram).frame).toBeNull();
    expect(feedPreview('instagram', { platforms: [], media: [{}] }, RULES.instagram).frame).toBeNull();
  });

  it('shows the title YouTube and TikTok show', () => {
    expect(
      feedPreview('youtube', { title: ' ', platforms: [], media: [VIDEO] }, RULES.youtube).title,
    ).toBeNull();
    // A TikTok photo post: its title, else the caption's start within the photo title's 90.
    const photos = { caption: LONG, platforms: [], media: [photo(1080, 1350)] };
    expect(feedPreview('tiktok', { ...photos, title: 'Bread day' }, RULES.tiktok).title).toBe('Bread day');
    const fromCaption = feedPreview('tiktok', photos, RULES.tiktok).title ?? '';
    expect(fromCaption.length).toBeLessThanOrEqual(90);
    expect(fromCaption.endsWith('…')).toBe(true);
    // A TikTok video shows its caption (its title when the caption is empty), no title above.
    const video = feedPreview(
      'tiktok',
      { title: 'Bread day', caption: '', platforms: [], media: [VIDEO] },
      RULES.tiktok,
    );
    expect([video.title, video.caption]).toEqual([null, 'Bread day']);
    expect(feedPreview('instagram', { title: 'T', platforms: [] }, RULES.instagram).title).toBeNull();
  });

  it('counts the slides the platform publishes', () => {
    const media = [photo(1080, 1350), photo(1080, 1350), photo(1080, 1350)];
    expect(feedPreview('instagram', { platforms: [], media }, RULES.instagram).slides).toBe(3);
    expect(feedPreview('facebook', { platforms: [], media }, RULES.facebook).slides).toBe(1);
    expect(feedPreview('facebook', { platforms: [] }, RULES.facebook).slides).toBe(0);
  });

  it('never throws on what a caller sends', () => {
    const odd = { caption: 42, title: null, platforms: 'x', media: 'y' } as never;
    expect(() => feedPreview('tiktok', odd, RULES.tiktok)).not.toThrow();
  });
});

describe('clipText', () => {
  it('keeps short text and cuts long text at a word, within the limit', () => {
    expect(clipText('short', 10)).toBe('short');
    expect(clipText('one two three four', 12)).toBe('one two…');
    expect(clipText('abcdefghijklmnop', 8)).toBe('abcdefg…');
  });
});
