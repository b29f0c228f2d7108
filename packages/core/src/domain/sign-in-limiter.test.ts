import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { createSignInLimiter } from './sign-in-limiter.js';

const LIMITS = { windowMs: 60_000, perAddress: 4, failuresPerEmail: 2 };

describe('createSignInLimiter', () => {
  it('stops wrong passwords for one email after the limit, until the window ends', () => {
    const clock = createFakeClock(new Date('2026-01-15T12:00:00Z'));
    const limiter = createSignInLimiter(clock, LIMITS);
    limiter.record('10.0.0.1', 'ann@example.com', false);
    expect(limiter.retryAfter('10.0.0.2', 'ann@example.com')).toBe(0);
    limiter.record('10.0.0.2', 'ann@example.com', false);
    expect(limiter.retryAfter('10.0.0.3', 'ann@example.com')).toBe(60);
    expect(limiter.retryAfter('10.0.0.3', 'bob@example.com')).toBe(0);
    clock.advance(60_000);
    expect(limiter.retryAfter('10.0.0.3', 'ann@example.com')).toBe(0);
  });

  it('stops one address after its attempts, whatever the emails and outcomes', () => {
    const clock = createFakeClock(new Date('2026-01-15T12:00:00Z'));
    const limiter = createSignInLimiter(clock, LIMITS);
    for (const email of ['a@x.io', 'b@x.io', 'c@x.io']) limiter.record('10.0.0.1', email, true);
    expect(limiter.retryAfter('10.0.0.1', 'd@x.io')).toBe(0);
    limiter.record('10.0.0.1', 'd@x.io', true);
    clock.advance(15_000);
    expect(limiter.retryAfter('10.0.0.1', 'e@x.io')).toBe(45);
    expect(limiter.retryAfter('10.0.0.9', 'e@x.io')).toBe(0);
  });
});
