import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Verifier } from './hmac-sha256-verifier.js';

describe('hmacSha256Verifier', () => {
  const payload = Buffer.from('{"object":"instagram"}');
  const hex = createHmac('sha256', 'secret').update(payload).digest('hex');

  it('accepts the HMAC-SHA256 of the payload under the secret, in either case', () => {
    expect(hmacSha256Verifier.signs('secret', payload, hex)).toBe(true);
    expect(hmacSha256Verifier.signs('secret', payload, hex.toUpperCase())).toBe(true);
  });

  it('refuses another secret, another payload or a short signature', () => {
    expect(hmacSha256Verifier.signs('other', payload, hex)).toBe(false);
    expect(hmacSha256Verifier.signs('secret', Buffer.from('{}'), hex)).toBe(false);
    expect(hmacSha256Verifier.signs('secret', payload, hex.slice(0, 10))).toBe(false);
  });

  it('compares secrets of any lengths', () => {
    expect(hmacSha256Verifier.sameSecret('token', 'token')).toBe(true);
    expect(hmacSha256Verifier.sameSecret('token', 'a much longer token')).toBe(false);
  });
});
