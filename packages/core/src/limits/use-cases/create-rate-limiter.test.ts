import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../kernel/index.js';
import { createFakeClock, type FakeClock } from '../../testing/fake-clock.js';
import { createMemoryRateLimitStore } from '../../testing/memory-rate-limit-store.js';
import { leaseSizes } from '../lease-sizes.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { RateLimitCount } from '../rate-limit-count.js';
import type { RateLimitPolicy } from '../rate-limit-policy.js';
import { createRateLimiter, type RateLimiter } from './create-rate-limiter.js';

const MINUTE = 60_000;
const policy = (quota: number): RateLimitPolicy => ({ name: 'key', quota, windowSeconds: 60 });

/** A store that records every hit (its cost) and can be taken down or made to hold its answers. */
function recordingStore(inner: RateLimitStore = createMemoryRateLimitStore(() => {})) {
  const asks: number[] = [];
  const held: (() => void)[] = [];
  const state = { down: false, hold: false, never: false };
  const store: RateLimitStore = {
    hit(key, now, windowMs, cost) {
      asks.push(cost);
      if (state.never) return new Promise<RateLimitCount>(() => {});
      if (state.down) return Promise.reject(new StoreUnavailableError('the database is away'));
      const answer = inner.hit(key, now, windowMs, cost);
      if (!state.hold) return answer;
      // Counted now, as a database would; answered when the test says.
      return new Promise((resolve) => held.push(() => resolve(answer)));
    },
    deleteExpired: (now) => inner.deleteExpired(now),
  };
  const release = () => {
    for (const answer of held.splice(0)) answer();
  };
  return { store, asks, state, release, inner };
}

/** Lets every pending promise callback and I/O turn run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Sends `count` requests one after the other; the allowed flags, in order. */
async function sequential(limiter: RateLimiter, quota: number, count: number, subject = 'k') {
  const answers = [];
  for (let i = 0; i < count; i++) answers.push(await limiter.decide(policy(quota), subject));
  return answers;
}

/** Whether `promise` has settled once everything pending has run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await settle();
  return settled;
}

function setup(start?: FakeClock) {
  const clock = start ?? createFakeClock();
  const recording = recordingStore();
  const limiter = createRateLimiter({ store: recording.store, clock });
  return { clock, limiter, ...recording };
}

describe('a rate limiter on one process', () => {
  it('admits exactly the quota per window, counting what is left down exactly', async () => {
    const t = setup();
    const answers = await sequential(t.limiter, 100, 130);
    expect(answers.filter((a) => a.allowed)).toHaveLength(100);
    expect(answers.slice(0, 100).map((a) => a.remaining)).toEqual(
      Array.from({ length: 100 }, (_, i) => 99 - i),
    );
    for (const refused of answers.slice(100)) {
      expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 60 });
    }
  });

  it('admits exactly the quota from a burst of concurrent requests', async () => {
    const t = setup();
    const answers = await Promise.all(
      Array.from({ length: 400 }, () => t.limiter.decide(policy(150), 'burst')),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(150);
    // The store was told about every one of them, and leases never granted more than the quota.
    expect((await t.inner.hit('api:key:burst', t.clock.now(), MINUTE, 0)).count).toBeGreaterThanOrEqual(150);
  });

  it('writes the store once a block, not once a request', async () => {
    const t = setup();
    const quota = 2000;
    const { block } = leaseSizes(quota);
    expect(block).toBe(100);
    const answers = await sequential(t.limiter, quota, 1000);
    expect(answers.every((a) => a.allowed)).toBe(true);
    expect(t.asks.length).toBeLessThan(1000 / block + 10);
    // Each request leased counts once: what the counter holds is what was admitted, plus the
    // unused part of the last lease.
    const counted = (await t.inner.hit('api:key:k', t.clock.now(), MINUTE, 0)).count;
    expect(counted).toBeGreaterThanOrEqual(1000);
    expect(counted).toBeLessThanOrEqual(1000 + 2 * block);
  });

  it('admits up to the advance without waiting for the store, then waits', async () => {
    const t = setup();
    t.state.never = true; // a store whose writes never answer
    const quota = 2000;
    const { advance } = leaseSizes(quota);
    expect(advance).toBe(40);
    for (let i = 0; i < advance; i++) {
      const decided = t.limiter.decide(policy(quota), 'k');
      expect(await isSettled(decided)).toBe(true);
      expect(await decided).toMatchObject({ allowed: true, remaining: quota - 1 - i });
    }
    expect(await isSettled(t.limiter.decide(policy(quota), 'k'))).toBe(false);
    // One lease in flight per counter, however many requests came.
    expect(t.asks).toHaveLength(1);
  });

  it('starts the next window at the first request after the end, with the whole quota again', async () => {
    const t = setup();
    expect((await sequential(t.limiter, 10, 15)).filter((a) => a.allowed)).toHaveLength(10);
    t.clock.advance(30_000);
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: false, resetSeconds: 30 });
    t.clock.advance(30_000);
    const next = await sequential(t.limiter, 10, 15);
    expect(next.filter((a) => a.allowed)).toHaveLength(10);
    expect(next[0]).toMatchObject({ remaining: 9, resetSeconds: 60 });
    // A refusal did not lengthen the first window, nor start one: the first request did.
    t.clock.advance(59_999);
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: false, resetSeconds: 1 });
  });

  it('lets an owner whose plan grew use the bigger quota within the window', async () => {
    const t = setup();
    expect((await sequential(t.limiter, 3, 5)).filter((a) => a.allowed)).toHaveLength(3);
    const upgraded = await sequential(t.limiter, 10, 10);
    expect(upgraded[0]).toMatchObject({ allowed: true, remaining: 6 });
    // The 7 the bigger quota leaves, less what the old quota's last lease asked past it (a lease
    // adds its whole ask to the counter): at most the old block.
    const allowed = upgraded.filter((a) => a.allowed).length;
    expect(allowed).toBeLessThanOrEqual(7);
    expect(allowed).toBeGreaterThanOrEqual(7 - leaseSizes(3).block);
  });

  it('keeps counters apart by policy and subject', async () => {
    const t = setup();
    await sequential(t.limiter, 3, 5, 'a');
    expect(await t.limiter.decide(policy(3), 'b')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await t.limiter.decide({ name: 'address', quota: 3, windowSeconds: 60 }, 'a')).toMatchObject({
      allowed: true,
      remaining: 2,
    });
  });
});

describe('batches', () => {
  it('admits a batch whole or refuses it whole, without counting a refused one', async () => {
    const t = setup();
    expect(await t.limiter.decide(policy(10), 'k', 6)).toMatchObject({ allowed: true, remaining: 4 });
    expect(await t.limiter.decide(policy(10), 'k', 5)).toMatchObject({ allowed: false, remaining: 4 });
    // What is left still serves the smaller requests that fit.
    expect(await t.limiter.decide(policy(10), 'k', 4)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await t.limiter.decide(policy(10), 'k', 1)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('refuses a batch larger than the whole quota without asking the store', async () => {
    const t = setup();
    expect(await t.limiter.decide(policy(10), 'k', 11)).toMatchObject({
      allowed: false,
      remaining: 10,
      resetSeconds: 60,
      cost: 11,
    });
    expect(t.asks).toEqual([]);
    expect(await t.limiter.decide(policy(10), 'k', 2)).toMatchObject({ allowed: true, remaining: 8 });
    expect(await t.limiter.decide(policy(10), 'k', 11)).toMatchObject({ allowed: false, remaining: 8 });
  });

  it('waits for one lease big enough for a batch over its credit', async () => {
    const t = setup();
    expect(await t.limiter.decide(policy(2000), 'k', 150)).toMatchObject({ allowed: true, remaining: 1850 });
    // The batch's own lease, then a block leased in the background for what comes next.
    expect(t.asks).toEqual([150, leaseSizes(2000).block]);
  });
});

describe('leases', () => {
  it('shrink near the end of the quota, so little is stranded in a process that goes quiet', async () => {
    const t = setup();
    await sequential(t.limiter, 200, 200);
    const { block } = leaseSizes(200);
    expect(block).toBe(10);
    // The first lease also counts the request admitted in advance; then blocks; then a quarter of
    // what was left, down to single units.
    expect(t.asks[0]).toBe(1 + block);
    expect(t.asks.slice(1, 5)).toEqual([block, block, block, block]);
    const tail = t.asks.slice(-4);
    expect(tail.every((ask) => ask < block)).toBe(true);
    expect(t.asks.at(-1)).toBe(1);
    expect([...t.asks.slice(1)].sort((x, y) => y - x)).toEqual(t.asks.slice(1));
  });

  it('drops a lease answered after its window ended: the new window gets exactly its quota', async () => {
    const t = setup();
    t.state.hold = true;
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: true, remaining: 9 });
    expect(t.asks).toEqual([2]);
    t.clock.advance(MINUTE);
    // A new window; the old lease is still out, so this one is admitted in advance.
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: true, remaining: 9 });
    t.release();
    await settle();
    t.state.hold = false;
    const rest = await sequential(t.limiter, 10, 12);
    // The old window's 2 units lapsed with it: applied to this window they would show as left.
    expect(rest[0]).toMatchObject({ allowed: true, remaining: 8 });
    expect(rest.filter((a) => a.allowed)).toHaveLength(9);
  });

  it('adopts the window the counter started in another process, and ends with it', async () => {
    const t = setup();
    await t.inner.hit('api:key:k', t.clock.now(), MINUTE, 4); // another process, 20 s ago
    t.clock.advance(20_000);
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: true });
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({ allowed: true, resetSeconds: 40 });
    t.clock.advance(40_000);
    expect(await t.limiter.decide(policy(10), 'k')).toMatchObject({
      allowed: true,
      remaining: 9,
      resetSeconds: 60,
    });
  });
});

describe('when the store is away', () => {
  it('keeps what it admitted in advance, fails what must wait, and counts the debt once back', async () => {
    const t = setup();
    t.state.down = true;
    const quota = 100;
    const { advance } = leaseSizes(quota);
    expect(advance).toBe(2);
    for (let i = 0; i < advance; i++) {
      expect(await t.limiter.decide(policy(quota), 'k')).toMatchObject({ allowed: true });
    }
    // The lease for them failed in the background; a request past the advance waits, and meets it.
    await expect(t.limiter.decide(policy(quota), 'k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(t.limiter.decide(policy(quota), 'k')).rejects.toBeInstanceOf(StoreUnavailableError);
    t.state.down = false;
    const rest = await sequential(t.limiter, quota, quota + 10);
    // The ones admitted while it was away were counted once it was back: the window still holds
    // exactly the quota.
    expect(rest.filter((a) => a.allowed)).toHaveLength(quota - advance);
  });
});

describe('rate limiters of several processes on one store', () => {
  it('admit at most the quota plus each one’s advance, and the whole quota when all are drained', async () => {
    const clock = createFakeClock();
    const shared = createMemoryRateLimitStore(() => {});
    const processes = 4;
    const quota = 200;
    const { advance } = leaseSizes(quota);
    const limiters = Array.from({ length: processes }, () =>
      createRateLimiter({ store: recordingStore(shared).store, clock }),
    );
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Waves of concurrent requests at random processes, until every process has refused some.
    let admitted = 0;
    const refusedBy = new Set<number>();
    for (let wave = 0; wave < 40 && refusedBy.size < processes; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => {
          const which = Math.floor(random() * processes);
          return (limiters[which] as RateLimiter).decide(policy(quota), 'shared').then((a) => ({ which, a }));
        }),
      );
      for (const { which, a } of answers) {
        if (a.allowed) admitted += 1;
        else refusedBy.add(which);
      }
    }
    expect(refusedBy.size).toBe(processes);
    expect(admitted).toBeLessThanOrEqual(quota + processes * advance);
    expect(admitted).toBeGreaterThanOrEqual(quota);
  });
});
