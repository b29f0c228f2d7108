import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HmacVerifier } from '../automations/index.js';

/** HMAC-SHA256 checks on node:crypto, compared in constant time. */
export const hmacSha256Verifier: HmacVerifier = {
  signs(secret, payload, signatureHex) {
    const expected = createHmac('sha256', secret).update(payload).digest();
    const given = Buffer.from(signatureHex, 'hex');
    return given.length === expected.length && timingSafeEqual(expected, given);
  },
  sameSecret(given, expected) {
    // The lengths may differ: compare digests of both.
    const digest = (text: string) => createHmac('sha256', 'verify-token').update(text).digest();
    return timingSafeEqual(digest(given), digest(expected));
  },
};
