import { describe, expect, it } from 'vitest';
import { parseRetryAfter, RETRY_AFTER_MAX_MS } from './retry-after.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 7 ', 7_000],
    ['0', 0],
    ['-30', 0],
    ['90000', RETRY_AFTER_MAX_MS],
    ['99999999999999999999999', RETRY_AFTER_MAX_MS],
  ])('reads delta-seconds %j as %d ms', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });

  it.each([
    ['Thu, 15 Jan 2026 12:01:30 GMT', 90_000],
    ['Thursday, 15-Jan-26 12:00:10 GMT', 10_000],
    ['Thu Jan 15 12:00:05 2026', 5_000],
    ['Thu Jan  1 12:00:00 2026', 0],
    ['Wed, 14 Jan 2026 12:00:00 GMT', 0],
    ['Fri, 15 Jan 2027 12:00:00 GMT', RETRY_AFTER_MAX_MS],
  ])('reads the HTTP date %j as %d ms from now (past: 0, far: a day)', (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });

  it('reads an rfc850 year more than 50 years ahead as last century', () => {
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(0);
  });

  it.each([
    [undefined],
    [''],
    ['soon'],
    ['1.5'],
    ['abc 12'],
    ['2026-01-15T12:01:00Z'],
    ['Thu, 15 Foo 2026 12:00:00 GMT'],
  ])('answers null for %j', (header) => {
    expect(parseRetryAfter(header, NOW)).toBeNull();
  });
});
