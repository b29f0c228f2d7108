import { hash, timingSafeEqual } from 'node:crypto';
import type { KeyHasher } from '../identity/index.js';

/**
 * SHA-256 of the key secret. Secrets are 256 random bits, so a fast unsalted hash is enough to
 * make a stolen table useless, and it keeps authentication to one hash per request (the one-shot
 * `crypto.hash` costs a fraction of a `createHash` object).
 */
export const sha256KeyHasher: KeyHasher = {
  hash: (secret) => hash('sha256', secret, 'hex'),
  matches(secret, stored) {
    const actual = Buffer.from(hash('sha256', secret, 'hex'), 'latin1');
    const expected = Buffer.from(stored, 'latin1');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
