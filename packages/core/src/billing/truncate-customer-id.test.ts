import { describe, expect, it } from 'vitest';
import { truncateCustomerId } from './truncate-customer-id.js';

describe('truncateCustomerId', () => {
  it('keeps the first 4 and last 4 characters', () => {
    expect(truncateCustomerId('cus_NffrFeUfNV2Hib4242')).toBe('cus_…4242');
    expect(truncateCustomerId('abcdefghijkl')).toBe('abcd…ijkl');
  });

  it('hides a short id whole rather than show most of it', () => {
    expect(truncateCustomerId('cus_1234567')).toBe('…');
    expect(truncateCustomerId('x')).toBe('…');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateCustomerId('😀😀😀😀middle😀😀😀😀')).toBe('😀😀😀😀…😀😀😀😀');
  });
});
