import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aVideo } from '../shared/__fixtures__/publish-media.js';
import { toYouTubeUpload } from './to-youtube-upload.js';

const post = (overrides: Parameters<typeof aPost>[2] = {}) =>
  aPost('user_1', 'acct_1', { platforms: ['youtube'], title: 'A Short', caption: 'About it', ...overrides });

describe('toYouTubeUpload', () => {
  it('builds the video resource: title, caption as description, category 22, public, not for kids', () => {
    expect(toYouTubeUpload(post(), [aVideo()])).toEqual({
      kind: 'upload',
      upload: {
        blobKey: 'b'.repeat(64),
        contentType: 'video/mp4',
        resource: {
          snippet: { title: 'A Short', description: 'About it', categoryId: '22' },
          status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
        },
        thumbnailUrl: null,
      },
    });
  });

  it('takes the thumbnail link and a privacy status from platformMeta.youtube', () => {
    const meta = { youtube: { thumbnailUrl: 'https://cdn.example/t.jpg', privacyStatus: 'private' } };
    expect(toYouTubeUpload(post({ platformMeta: meta }), [aVideo()])).toMatchObject({
      kind: 'upload',
      upload: {
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
    expect(toYouTubeUpload(p, media)).toEqual({ kind: 'refused', reason: expect.stringMatching(reason) });
  });

  it('counts the title in characters, not UTF-16 units', () => {
    expect(toYouTubeUpload(post({ title: '🎬'.repeat(100) }), [aVideo()]).kind).toBe('upload');
  });
});
