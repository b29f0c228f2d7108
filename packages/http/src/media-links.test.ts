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
    expect(links.verify(id, expires, signature)).toBe(true);
    clock.advance(3599_000);
    expect(links.verify(id, expires, signature)).toBe(true);
    clock.advance(1000);
    expect(links.verify(id, expires, signature)).toBe(false);
  });

  it('refuses tampered ids, expiries and signatures, and links signed with another secret', () => {
    clock.set('2026-01-15T12:00:00.000Z');
    const { id, expires, signature } = partsOf(links.urlFor('media_01'));
    expect(links.verify('media_02', expires, signature)).toBe(false);
    expect(links.verify(id, String(Number(expires) + 1), signature)).toBe(false);
    expect(links.verify(id, expires, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(
      false,
    );
    expect(links.verify(id, expires, '')).toBe(false);
    expect(links.verify(id, '1e12', signature)).toBe(false);
    const other = createMediaLinks({
      masterSecret: 'o'.repeat(32),
      baseUrl: 'https://svc.example',
      clock,
      lifetimeSeconds: 3600,
    });
    expect(other.verify(id, expires, signature)).toBe(false);
  });
});
