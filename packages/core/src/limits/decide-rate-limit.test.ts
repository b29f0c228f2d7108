import { describe, expect, it } from 'vitest';
import { decideRateLimit, rateLimitRefusal, retryAfterSeconds } from './decide-rate-limit.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';

const KEY: RateLimitPolicy = { name: 'key', quota: 3, windowSeconds: 60 };
const ADDRESS: RateLimitPolicy = { name: 'address', quota: 10, windowSeconds: 60 };
const START = new Date('2026-01-15T12:00:00.000Z');
const msAfter = (ms: number) => new Date(START.getTime() + ms);

describe('decideRateLimit', () => {
  it('allows exactly the quota per window and counts down what is left', () => {
    const decisions = [1, 2, 3, 4, 5].map((count) =>
      decideRateLimit(KEY, { count, windowStart: START }, msAfter(18_000)),
    );
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(decisions.map((d) => d.resetSeconds)).toEqual([42, 42, 42, 42, 42]);
  });

  it('rounds the reset up and never says 0 seconds', () => {
    expect(decideRateLimit(KEY, { count: 1, windowStart: START }, msAfter(18_001)).resetSeconds).toBe(42);
    expect(decideRateLimit(KEY, { count: 1, windowStart: START }, msAfter(59_999)).resetSeconds).toBe(1);
    expect(decideRateLimit(KEY, { count: 1, windowStart: START }, msAfter(60_000)).resetSeconds).toBe(1);
  });
});

describe('rateLimitRefusal', () => {
  it('is null while every limit allows, and rate_limited with the longest wait otherwise', () => {
    const key = (count: number, now: number) =>
      decideRateLimit(KEY, { count, windowStart: START }, msAfter(now));
    const address = (count: number, now: number) =>
      decideRateLimit(ADDRESS, { count, windowStart: START }, msAfter(now));
    expect(rateLimitRefusal([address(1, 0), key(3, 0)])).toBeNull();
    expect(retryAfterSeconds([address(1, 0), key(3, 0)])).toBe(0);
    const refused = rateLimitRefusal([address(11, 50_000), key(4, 10_000)]);
    expect(refused?.code).toBe('rate_limited');
    expect(refused?.details).toEqual({ policies: ['address', 'key'], retryAfterSeconds: 50 });
    expect(refused?.message).toContain('Try again in 50 s');
  });
});

describe('a request that costs several units (the tool calls of a batch)', () => {
  const batch = (count: number, cost: number) =>
    decideRateLimit(KEY, { count, windowStart: START }, msAfter(18_000), cost);

  it('passes whole while the count after it is within the quota, and is refused whole past it', () => {
    expect(batch(3, 3)).toMatchObject({ allowed: true, remaining: 0, cost: 3 });
    expect(batch(4, 2)).toMatchObject({ allowed: false, remaining: 0, cost: 2 });
  });

  it('says the batch does not fit what is left, or, past the whole quota, to send smaller batches', () => {
    expect(rateLimitRefusal([batch(4, 2)])?.message).toBe(
      'Too many requests from this key: this batch counts as 2, more than is left of at most 3 a minute. Try again in 42 s.',
    );
    expect(rateLimitRefusal([batch(5, 5)])?.message).toBe(
      'This batch counts as 5 requests, more than this key may send (at most 3 a minute); send smaller batches.',
    );
  });

  it('names client registrations and their hourly window', () => {
    const registration: RateLimitPolicy = { name: 'registration', quota: 20, windowSeconds: 3600 };
    const refused = decideRateLimit(registration, { count: 21, windowStart: START }, msAfter(600_000));
    expect(rateLimitRefusal([refused])).toMatchObject({
      code: 'rate_limited',
      message:
        'Too many client registrations from this client address: at most 20 an hour. Try again in 3000 s.',
      details: { policies: ['registration'], retryAfterSeconds: 3000 },
    });
  });
});
