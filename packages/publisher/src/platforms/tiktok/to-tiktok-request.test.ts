import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aLink, anImage, aVideo } from '../shared/__fixtures__/publish-media.js';
import { clip, photoPostInfo, toTikTokRequest, videoPostInfo } from './to-tiktok-request.js';

const PUBLIC = { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } };
const post = (overrides: Parameters<typeof aPost>[2] = {}) =>
  aPost('user_1', 'acct_1', {
    platforms: ['tiktok'],
    caption: 'Behind the scenes',
    platformMeta: PUBLIC,
    ...overrides,
  });

const requestOf = (outcome: ReturnType<typeof toTikTokRequest>) => {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.request;
};

describe('toTikTokRequest', () => {
  it('maps one stored video to a video upload with the caption as its title and interactions on', () => {
    const video = aVideo();
    expect(toTikTokRequest(post(), [video])).toEqual({
      ok: true,
      request: {
        kind: 'video',
        video: { ...video, blobKey: video.blobKey },
        title: 'Behind the scenes',
        settings: {
          privacyLevel: 'PUBLIC_TO_EVERYONE',
          disableComment: false,
          disableDuet: false,
          disableStitch: false,
          brandContent: false,
          brandOrganic: false,
          aigc: false,
          coverTimestampMs: null,
        },
      },
    });
  });

  it("uses the post's title for a video whose caption is empty", () => {
    const request = requestOf(toTikTokRequest(post({ caption: '  ', title: 'Studio tour' }), [aVideo()]));
    expect(request).toMatchObject({ kind: 'video', title: 'Studio tour' });
  });

  it('maps images to a photo post by link: a short title cut at a word, the whole caption as description', () => {
    const caption = `${'Spring collection '.repeat(8)}is live`;
    const request = requestOf(
      toTikTokRequest(post({ caption }), [
        anImage('https://m.example/1.jpg'),
        anImage('https://m.example/2.jpg'),
      ]),
    );
    expect(request).toMatchObject({
      kind: 'photos',
      urls: ['https://m.example/1.jpg', 'https://m.example/2.jpg'],
      description: caption,
    });
    if (request.kind !== 'photos') throw new Error('expected photos');
    expect(request.title).toBe(`${'Spring collection '.repeat(4)}Spring…`);
  });

  it.each([
    ['no privacy level', post({ platformMeta: {} }), [aVideo()], /privacyLevel/],
    ['no media', post(), [], /one video or 1 to 35 photos/],
    ['a video with an image', post(), [aVideo(), anImage()], /exactly one video/],
    ['a video given as an outside link', post(), [aLink('https://cdn.example/clip.mp4')], /outside link/],
    ['36 photos', post(), Array.from({ length: 36 }, () => anImage()), /at most 35 photos \(got 36\)/],
    [
      'photos labelled AI-generated',
      post({ platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY', isAigc: true } } }),
      [anImage()],
      /videos only/,
    ],
  ])('refuses %s with what to change', (_what, p, media, reason) => {
    expect(toTikTokRequest(p, media)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  it('turns interactions off where the post or the creator turned them off', () => {
    const meta = { tiktok: { privacyLevel: 'SELF_ONLY', disableComment: true, videoCoverTimestampMs: 1500 } };
    const request = requestOf(toTikTokRequest(post({ platformMeta: meta }), [aVideo()]));
    if (request.kind !== 'video') throw new Error('expected a video');
    expect(videoPostInfo(request, ['duet'])).toEqual({
      title: 'Behind the scenes',
      privacy_level: 'SELF_ONLY',
      disable_comment: true,
      disable_duet: true,
      disable_stitch: false,
      video_cover_timestamp_ms: 1500,
      brand_content_toggle: false,
      brand_organic_toggle: false,
      is_aigc: false,
    });
    const photos = requestOf(toTikTokRequest(post(), [anImage()]));
    if (photos.kind !== 'photos') throw new Error('expected photos');
    expect(photoPostInfo(photos, ['comment'])).toMatchObject({ disable_comment: true, auto_add_music: true });
    expect(photoPostInfo(photos, ['comment'])).not.toHaveProperty('disable_duet');
  });
});

describe('TikTok disclosure and AI labels', () => {
  it('sends branded content, your brand and the AI label as video/init post_info documents them', () => {
    // developers.tiktok.com/doc/content-posting-api-reference-direct-post: post_info.brand_content_toggle
    // (paid partnership), brand_organic_toggle (promoting one's own business), is_aigc (AI-generated).
    const meta = {
      tiktok: {
        privacyLevel: 'FOLLOWER_OF_CREATOR',
        commercialContentDisclosure: true,
        brandContentOptIn: true,
        brandOrganicOptIn: true,
        isAigc: true,
      },
    };
    const request = requestOf(toTikTokRequest(post({ platformMeta: meta }), [aVideo()]));
    if (request.kind !== 'video') throw new Error('expected a video');
    expect(videoPostInfo(request, [])).toEqual({
      title: 'Behind the scenes',
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: false,
      disable_duet: false,
      disable_stitch: false,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      is_aigc: true,
    });
  });

  it('sends the brand toggles on photo posts, which have no is_aigc field', () => {
    const meta = { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE', brandOrganicOptIn: true } };
    const photos = requestOf(toTikTokRequest(post({ platformMeta: meta }), [anImage()]));
    if (photos.kind !== 'photos') throw new Error('expected photos');
    const info = photoPostInfo(photos, []);
    expect(info).toMatchObject({ brand_content_toggle: false, brand_organic_toggle: true });
    expect(info).not.toHaveProperty('is_aigc');
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text at a word with an ellipsis, counting UTF-16 units', () => {
    expect(clip('short', 90)).toBe('short');
    expect(clip('one two three four', 12)).toBe('one two…');
    expect(clip('🎬'.repeat(10), 9)).toBe(`${'🎬'.repeat(4)}…`);
  });
});
