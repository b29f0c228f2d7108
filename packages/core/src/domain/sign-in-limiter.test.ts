import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { createSignInLimiter } from './sign-in-limiter.js';

const LIMITS = { windowMs: 60_000, perAddress: 4, failuresPerEmail: 2 };

describe('createSignInLimiter', () => {
  it('stops wrong passwords for one email after the limit, until the window ends', async () => {
    const clock = createFakeClock(new Date('2026-01-15T12:00:00Z'));
    const limiter = createSignInLimiter(createMemoryStore().rateLimits, clock, LIMITS);
    expect(await limiter.admit('10.0.0.1', 'ann@example.com')).toBe(0);
    await limiter.recordFailure('ann@example.com');
    expect(await limiter.admit('10.0.0.2', 'ann@example.com')).toBe(0);
    await limiter.recordFailure('ann@example.com');
    expect(await limiter.admit('10.0.0.3', 'ann@example.com')).toBe(60);
    expect(await limiter.admit('10.0.0.3', 'bob@example.com')).toBe(0);
    clock.advance(60_000);
    expect(await limiter.admit('10.0.0.3', 'ann@example.com')).toBe(0);
  });

  it('stops one address after its attempts, whatever the emails and outcomes', async () => {
    const clock = createFakeClock(new Date('2026-01-15T12:00:00Z'));
    const limiter = createSignInLimiter(createMemoryStore().rateLimits, clock, LIMITS);
    for (const email of ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']) {
      expect(await limiter.admit('10.0.0.1', email)).toBe(0);
    }
    clock.advance(15_000);
    expect(await limiter.admit('10.0.0.1', 'e@x.io')).toBe(45);
    // Waiting attempts count, but the wait does not grow: the window began at the first attempt.
    clock.advance(5_000);
    expect(await limiter.admit('10.0.0.1', 'e@x.io')).toBe(40);
    expect(await limiter.admit('10.0.0.9', 'e@x.io')).toBe(0);
    clock.advance(40_000);
    expect(await limiter.admit('10.0.0.1', 'e@x.io')).toBe(0);
  });

  it('shares one allowance between limiters on one store, as server processes on one database do', async () => {
    const clock = createFakeClock(new Date('2026-01-15T12:00:00Z'));
    const store = createMemoryStore().rateLimits;
    const [first, second] = [
      createSignInLimiter(store, clock, LIMITS),
      createSignInLimiter(store, clock, LIMITS),
    ];
    await first.recordFailure('ann@example.com');
    await second.recordFailure('ann@example.com');
    expect(await first.admit('10.0.0.1', 'ann@example.com')).toBe(60);
    expect(await second.admit('10.0.0.2', 'ann@example.com')).toBe(60);
  });
});
