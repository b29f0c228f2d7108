import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { createAesGcmSecretBox } from './aes-gcm-secret-box.js';
import { createRandomIdGenerator } from './random-id-generator.js';
import { sha256KeyHasher } from './sha256-key-hasher.js';

describe('node ports', () => {
  it('generates unique ids that sort by creation, even within one millisecond', () => {
    const clock = createFakeClock();
    const ids = createRandomIdGenerator(clock);
    const sameMs = Array.from({ length: 1000 }, () => ids.id('post'));
    clock.advance(1);
    const later = ids.id('post');
    const all = [...sameMs, later];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(all);
    expect(later).toMatch(/^post_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(ids.secret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ids.secret()).not.toBe(ids.secret());
  });

  it('gives each millisecond fresh randomness, past the pool it draws it from', () => {
    const clock = createFakeClock();
    const ids = createRandomIdGenerator(clock);
    // 1,000 milliseconds, four times the ids one draw from the system holds.
    const randomParts = Array.from({ length: 1000 }, () => {
      clock.advance(1);
      return ids.id('post').slice(-16);
    });
    expect(new Set(randomParts).size).toBe(randomParts.length);
  });

  it('hashes key secrets and matches them', () => {
    const hash = sha256KeyHasher.hash('s3cret');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('s3cret');
    expect(sha256KeyHasher.matches('s3cret', hash)).toBe(true);
    expect(sha256KeyHasher.matches('s3cret!', hash)).toBe(false);
    expect(sha256KeyHasher.matches('s3cret', 'short')).toBe(false);
  });

  it('seals secrets so that only the same master secret opens them, and detects tampering', () => {
    const box = createAesGcmSecretBox('m'.repeat(32));
    // A token long enough that random ciphertext cannot contain it by chance.
    const sealed = box.seal('{"accessToken":"access-token-that-must-stay-secret"}');
    expect(sealed).not.toContain('access-token-that-must-stay-secret');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(box.open(sealed)).toBe('{"accessToken":"access-token-that-must-stay-secret"}');
    expect(() => createAesGcmSecretBox('n'.repeat(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    const body = parts[2] ?? '';
    parts[2] = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('plain')).toThrow();
    expect(() => createAesGcmSecretBox('short')).toThrow(RangeError);
  });
});
