import { describe, expect, it } from 'vitest';
import { isPlatform, PLATFORMS } from './platform.js';

describe('platforms', () => {
  it('recognises exactly the five platform identifiers', () => {
    expect(PLATFORMS).toEqual(['instagram', 'tiktok', 'youtube', 'threads', 'facebook']);
    for (const p of PLATFORMS) expect(isPlatform(p)).toBe(true);
    expect(isPlatform('twitter')).toBe(false);
    expect(isPlatform('Instagram')).toBe(false);
    expect(isPlatform(undefined)).toBe(false);
  });
});
