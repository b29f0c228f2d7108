import { describe, expect, it } from 'vitest';
import { tiktokPhotoLinks } from './tiktok-photo-links.js';

const own = 'https://svc.example.com/media/';
const link = `${own}med_1?expires=1&signature=abc`;

describe('tiktokPhotoLinks', () => {
  it('keeps links already under the verified prefix (domain or the media path itself)', () => {
    for (const verifiedPrefix of ['https://svc.example.com/', own]) {
      expect(tiktokPhotoLinks([link], { verifiedPrefix, ownMediaPrefix: own })).toEqual({
        ok: true,
        urls: [link],
      });
    }
  });

  it('moves our media links under a CDN prefix serving the same paths', () => {
    expect(
      tiktokPhotoLinks([link], { verifiedPrefix: 'https://cdn.example.net/svc-media/', ownMediaPrefix: own }),
    ).toEqual({ ok: true, urls: ['https://cdn.example.net/svc-media/med_1?expires=1&signature=abc'] });
  });

  it('refuses without a prefix, and outside links not under it', () => {
    expect(tiktokPhotoLinks([link], { verifiedPrefix: null, ownMediaPrefix: own })).toEqual({
      ok: false,
      reason: expect.stringContaining('TIKTOK_VERIFIED_MEDIA_PREFIX'),
    });
    expect(
      tiktokPhotoLinks(['https://elsewhere.example.org/a.jpg'], { verifiedPrefix: own, ownMediaPrefix: own }),
    ).toEqual({ ok: false, reason: expect.stringContaining('outside link') });
  });

  it('passes every link when the platform checks none', () => {
    expect(tiktokPhotoLinks(['http://x/a.jpg'], null)).toEqual({ ok: true, urls: ['http://x/a.jpg'] });
  });
});
