import { createHash, timingSafeEqual } from 'node:crypto';
import type { KeyHasher } from '../ports/key-hasher.js';

/**
 * SHA-256 of the key secret. Secrets are 256 random bits, so a fast unsalted hash is enough to
 * make a stolen table useless, and it keeps authentication to one hash per request.
 */
export const sha256KeyHasher: KeyHasher = {
  hash: (secret) => createHash('sha256').update(secret, 'utf8').digest('hex'),
  matches(secret, hash) {
    const actual = Buffer.from(createHash('sha256').update(secret, 'utf8').digest('hex'), 'utf8');
    const expected = Buffer.from(hash, 'utf8');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
