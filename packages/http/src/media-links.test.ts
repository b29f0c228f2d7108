import { createFakeClock } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { createMediaLinks } from './media-links.js';

describe('media links', () => {
  const clock = createFakeClock('2026-01-15T12:00:00.000Z');
  const links = createMediaLinks({
    masterSecret: 's'.repeat(32),
    baseUrl: 'https://svc.example/',
    clock,
    lifetimeSeconds: 3600,
  });
  const partsOf = (url: string) => {
    const u = new URL(url);
    return {
      id: decodeURIComponent(u.pathname.split('/').pop() ?? ''),
      expires: u.searchParams.get('expires') ?? '',
      signature: u.searchParams.get('signature') ?? '',
    };
  };

  it('signs links under the public base URL that verify until they expire', () => {
    const url = links.urlFor('media_01');
    expect(url).toMatch(/^https:\/\/svc\.example\/media\/media_01\?expires=\d+&signature=[\w-]+$/);
    const { id, expires, signature } = partsOf(url);
    expect(links.verify('serve', id, expires, signature)).toBe(true);
    clock.advance(3599_000);
    expect(links.verify('serve', id, expires, signature)).toBe(true);
    clock.advance(1000);
    expect(links.verify('serve', id, expires, signature)).toBe(false);
  });

  it('signs upload links for their own purpose only', () => {
    clock.set('2026-01-15T12:00:00.000Z');
    const upload = partsOf(links.uploadUrlFor('media_01', new Date('2026-01-15T12:15:00Z')));
    expect(links.uploadUrlFor('media_01', new Date('2026-01-15T12:15:00Z'))).toMatch(
      /\/media\/uploads\/media_01\?expires=/,
    );
    expect(links.verify('upload', upload.id, upload.expires, upload.signature)).toBe(true);
    expect(links.verify('serve', upload.id, upload.expires, upload.signature)).toBe(false);
    const serve = partsOf(links.urlFor('media_01'));
    expect(links.verify('upload', serve.id, serve.expires, serve.signature)).toBe(false);
  });

  it('refuses tampered ids, expiries and signatures, and links signed with another secret', () => {
    clock.set('2026-01-15T12:00:00.000Z');
    const { id, expires, signature } = partsOf(links.urlFor('media_01'));
    expect(links.verify('serve', 'media_02', expires, signature)).toBe(false);
    expect(links.verify('serve', id, String(Number(expires) + 1), signature)).toBe(false);
    expect(
      links.verify('serve', id, expires, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
    ).toBe(false);
    expect(links.verify('serve', id, expires, '')).toBe(false);
    expect(links.verify('serve', id, '1e12', signature)).toBe(false);
    const other = createMediaLinks({
      masterSecret: 'o'.repeat(32),
      baseUrl: 'https://svc.example',
      clock,
      lifetimeSeconds: 3600,
    });
    expect(other.verify('serve', id, expires, signature)).toBe(false);
  });
});
