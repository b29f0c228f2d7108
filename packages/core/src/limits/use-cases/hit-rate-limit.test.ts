import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../testing/test-deps.js';
import type { RateLimitPolicy } from '../rate-limit-policy.js';
import { hitRateLimit } from './hit-rate-limit.js';

const POLICY: RateLimitPolicy = { name: 'key', quota: 10, windowSeconds: 60 };

describe('hitRateLimit', () => {
  it('counts a batch whole, and refuses one that does not fit what is left, counting it', async () => {
    const t = createTestDeps();
    expect(await hitRateLimit(t.deps, POLICY, 'k', 7)).toMatchObject({ allowed: true, remaining: 3 });
    expect(await hitRateLimit(t.deps, POLICY, 'k', 4)).toMatchObject({ allowed: false, remaining: 0 });
    // The refused batch counted: the window is spent, as for a refused single request.
    expect(await hitRateLimit(t.deps, POLICY, 'k', 1)).toMatchObject({ allowed: false });
  });

  it('refuses a batch larger than the whole quota without counting it, so smaller ones still pass', async () => {
    const t = createTestDeps();
    expect(await hitRateLimit(t.deps, POLICY, 'k', 2)).toMatchObject({ allowed: true, remaining: 8 });
    const tooBig = await hitRateLimit(t.deps, POLICY, 'k', 11);
    expect(tooBig).toMatchObject({ allowed: false, remaining: 8, cost: 11 });
    expect(tooBig.resetSeconds).toBeGreaterThan(0);
    expect(await hitRateLimit(t.deps, POLICY, 'k', 8)).toMatchObject({ allowed: true, remaining: 0 });
  });
});
