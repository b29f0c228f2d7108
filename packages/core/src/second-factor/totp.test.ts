import { describe, expect, it } from 'vitest';
import { hmacSha1 } from '../node/index.js';
import { base32Decode, base32Encode, hotp, matchingTotpStep, otpauthUri, totpStep } from './totp.js';

// RFC 6238 appendix B and RFC 4226 appendix D use the ASCII key "12345678901234567890".
const KEY = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it('gives the RFC 4226 appendix D values for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(hmacSha1, KEY, counter))).toEqual(expected);
  });

  it('gives the RFC 6238 appendix B SHA-1 values (8 digits) at each test time', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors)
      expect(hotp(hmacSha1, KEY, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('accepts the code of the step before and after now, and no further', () => {
    const now = new Date(1234567890 * 1000);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1])
      expect(matchingTotpStep(hmacSha1, KEY, hotp(hmacSha1, KEY, step + offset), now)).toBe(step + offset);
    expect(matchingTotpStep(hmacSha1, KEY, hotp(hmacSha1, KEY, step - 2), now)).toBeNull();
    expect(matchingTotpStep(hmacSha1, KEY, hotp(hmacSha1, KEY, step + 2), now)).toBeNull();
    expect(matchingTotpStep(hmacSha1, KEY, '12345', now)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 test vectors, unpadded)', () => {
    const vectors: [string, string][] = [
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, encoded] of vectors) {
      expect(base32Encode(new TextEncoder().encode(text))).toBe(encoded);
      expect(new TextDecoder().decode(base32Decode(encoded.toLowerCase()))).toBe(text);
    }
    expect(() => base32Decode('MZ1')).toThrow();
  });

  it('makes the key URI authenticator apps scan', () => {
    expect(otpauthUri('svc', 'ana@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/svc:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=svc&algorithm=SHA1&digits=6&period=30',
    );
  });
});
