import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../testing/fake-clock.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { createSignInLimiter, DEFAULT_SIGN_IN_LIMITS } from './sign-in-limiter.js';

const LIMITS = {
  windowMs: 60_000,
  perAddress: 4,
  failuresPerAddressAndAccount: 2,
  accountWindowMs: 600_000,
  failuresPerAccount: 5,
};
const START = new Date('2026-01-15T12:00:00Z');

describe('createSignInLimiter', () => {
  it('stops wrong passwords for one account from one address, not the account elsewhere', async () => {
    const clock = createFakeClock(START);
    const limiter = createSignInLimiter(createMemoryStore().rateLimits, clock, LIMITS);
    for (let i = 0; i < 2; i++) {
      expect(await limiter.admit('10.0.0.1', 'ann@example.com')).toBe(0);
      await limiter.recordFailure('10.0.0.1', 'ann@example.com');
    }
    expect(await limiter.admit('10.0.0.1', 'ann@example.com')).toBe(60);
    // The owner, elsewhere, and another account from the same address, go on.
    expect(await limiter.admit('10.0.0.2', 'ann@example.com')).toBe(0);
    expect(await limiter.admit('10.0.0.1', 'bob@example.com')).toBe(0);
    clock.advance(60_000);
    expect(await limiter.admit('10.0.0.1', 'ann@example.com')).toBe(0);
  });

  it('counts an IPv6 address by its /64, for the pair and for the address', async () => {
    const clock = createFakeClock(START);
    const limiter = createSignInLimiter(createMemoryStore().rateLimits, clock, LIMITS);
    await limiter.recordFailure('2001:db8:1:2::1', 'ann@example.com');
    await limiter.recordFailure('2001:db8:1:2:ffff::9', 'ann@example.com');
    expect(await limiter.admit('2001:db8:1:2::77', 'ann@example.com')).toBe(60);
    expect(await limiter.admit('2001:db8:1:3::1', 'ann@example.com')).toBe(0);
    for (const email of ['a@x.io', 'b@x.io'])
      expect(await limiter.admit(`2001:db8:9:9::${email[0]}`, email)).toBe(0);
    // 2001:db8:1:2::/64 made one attempt above (::77): three more from other addresses in it pass,
    // the next is over its four.
    expect(await limiter.admit('2001:db8:1:2::5', 'c@x.io')).toBe(0);
    expect(await limiter.admit('2001:db8:1:2::6', 'd@x.io')).toBe(0);
    expect(await limiter.admit('2001:db8:1:2::7', 'e@x.io')).toBe(0);
    expect(await limiter.admit('2001:db8:1:2::8', 'f@x.io')).toBe(60);
  });

  it('stops the account everywhere once wrong passwords from every address pass the backstop', async () => {
    const clock = createFakeClock(START);
    const limiter = createSignInLimiter(createMemoryStore().rateLimits, clock, LIMITS);
    for (let i = 0; i < 5; i++) {
      expect(await limiter.admit(`10.0.1.${i}`, 'ann@example.com')).toBe(0);
      await limiter.recordFailure(`10.0.1.${i}`, 'ann@example.com');
      clock.advance(10_000);
    }
    // The backstop's window began at the first wrong password, 50 s ago.
    expect(await limiter.admit('10.0.2.1', 'ann@example.com')).toBe(550);
    expect(await limiter.admit('10.0.2.1', 'bob@example.com')).toBe(0);
    clock.advance(550_000);
    expect(await limiter.admit('10.0.2.1', 'ann@example.com')).toBe(0);
  });

  it('stops one address after its attempts, whatever the accounts and outcomes', async () => {
    const clock = createFakeClock(START);
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
    const clock = createFakeClock(START);
    const store = createMemoryStore().rateLimits;
    const [first, second] = [
      createSignInLimiter(store, clock, LIMITS),
      createSignInLimiter(store, clock, LIMITS),
    ];
    await first.recordFailure('10.0.0.1', 'ann@example.com');
    await second.recordFailure('10.0.0.1', 'ann@example.com');
    expect(await first.admit('10.0.0.1', 'ann@example.com')).toBe(60);
    expect(await second.admit('10.0.0.1', 'ann@example.com')).toBe(60);
    expect(await second.admit('10.0.0.2', 'ann@example.com')).toBe(0);
  });

  it('defaults to 30 attempts and 5 wrong passwords per address and account in 15 minutes, 100 a day per account', () => {
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({
      windowMs: 900_000,
      perAddress: 30,
      failuresPerAddressAndAccount: 5,
      accountWindowMs: 86_400_000,
      failuresPerAccount: 100,
    });
  });
});
