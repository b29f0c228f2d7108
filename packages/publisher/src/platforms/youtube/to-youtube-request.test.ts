import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aVideo } from '../shared/__fixtures__/publish-media.js';
import { toYouTubeRequest } from './to-youtube-request.js';

const post = (overrides: Parameters<typeof aPost>[2] = {}) =>
  aPost('user_1', 'acct_1', { platforms: ['youtube'], title: 'A Short', caption: 'About it', ...overrides });

describe('toYouTubeRequest', () => {
  it('builds the video resource: title, caption as description, category 22, public, not for kids', () => {
    expect(toYouTubeRequest(post(), [aVideo()])).toEqual({
      ok: true,
      request: {
        blobKey: 'b'.repeat(64),
        contentType: 'video/mp4',
        resource: {
          snippet: { title: 'A Short', description: 'About it', categoryId: '22' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        },
        notifySubscribers: null,
        thumbnailUrl: null,
        playlistId: null,
      },
    });
  });

  // developers.google.com/youtube/v3/docs/videos/insert and the videos resource: the request body
  // is a video resource whose snippet takes categoryId, tags[] and defaultLanguage and whose
  // status takes privacyStatus and selfDeclaredMadeForKids; notifySubscribers is a query
  // parameter of videos.insert; a playlist is joined with playlistItems.insert afterwards.
  it('maps every YouTube option to the documented field', () => {
    const youtube = {
      privacyStatus: 'unlisted',
      notifySubscribers: false,
      madeForKids: true,
      categoryId: '10',
      tags: ['music', 'live set'],
      playlistId: 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
      defaultLanguage: 'fr',
    };
    expect(toYouTubeRequest(post({ platformMeta: { youtube } }), [aVideo()])).toEqual({
      ok: true,
      request: {
        blobKey: 'b'.repeat(64),
        contentType: 'video/mp4',
        resource: {
          snippet: {
            title: 'A Short',
            description: 'About it',
            categoryId: '10',
            tags: ['music', 'live set'],
            defaultLanguage: 'fr',
          },
          status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: true },
        },
        notifySubscribers: false,
        thumbnailUrl: null,
        playlistId: 'PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf',
      },
    });
  });

  it('declares not made for kids when madeForKids is absent (the documented default), as given otherwise', () => {
    const status = (youtube: Record<string, unknown>) => {
      const outcome = toYouTubeRequest(post({ platformMeta: { youtube } }), [aVideo()]);
      return outcome.ok ? outcome.request.resource.status.selfDeclaredMadeForKids : null;
    };
    expect(status({})).toBe(false);
    expect(status({ madeForKids: false })).toBe(false);
    expect(status({ madeForKids: true })).toBe(true);
  });

  it('takes the thumbnail link and a privacy status from platformMeta.youtube', () => {
    const meta = { youtube: { thumbnailUrl: 'https://cdn.example/t.jpg', privacyStatus: 'private' } };
    expect(toYouTubeRequest(post({ platformMeta: meta }), [aVideo()])).toMatchObject({
      ok: true,
      request: {
        thumbnailUrl: 'https://cdn.example/t.jpg',
        resource: { status: { privacyStatus: 'private' } },
      },
    });
  });

  it.each([
    ['an image', post(), [{ ...aVideo(), contentType: 'image/jpeg' }], /are videos/],
    ['a caption over 5000 bytes', post({ caption: 'é'.repeat(2501) }), [aVideo()], /5002 bytes/],
    ['a caption with <', post({ caption: 'a < b' }), [aVideo()], /cannot contain/],
    ['a blank title', post({ title: '   ' }), [aVideo()], /needs a title/],
    ['a 3:00.5 video', post(), [{ ...aVideo(), durationMs: 180_500 }], /runs 3:01/],
  ])('refuses %s', (_what, p, media, reason) => {
    expect(toYouTubeRequest(p, media)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  it('counts the title in characters, not UTF-16 units', () => {
    expect(toYouTubeRequest(post({ title: '🎬'.repeat(100) }), [aVideo()]).ok).toBe(true);
  });
});
