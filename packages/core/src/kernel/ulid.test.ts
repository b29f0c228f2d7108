import { describe, expect, it } from 'vitest';
import { formatUlid } from './ulid.js';

describe('formatUlid', () => {
  it('encodes time then entropy in 26 Crockford characters', () => {
    expect(formatUlid(0, new Uint8Array(10))).toBe('0'.repeat(26));
    expect(formatUlid(0, new Uint8Array(10).fill(255))).toBe(`${'0'.repeat(10)}${'Z'.repeat(16)}`);
    expect(formatUlid(1469918176385, new Uint8Array(10)).slice(0, 10)).toBe('01ARYZ6S41');
  });

  it('sorts by time', () => {
    const e = new Uint8Array(10).fill(7);
    expect(formatUlid(1000, e) < formatUlid(1001, e)).toBe(true);
  });

  it('insists on 10 bytes of entropy', () => {
    expect(() => formatUlid(0, new Uint8Array(9))).toThrow(RangeError);
  });
});
