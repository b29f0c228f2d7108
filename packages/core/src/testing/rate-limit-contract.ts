import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { RateLimitStore } from '../limits/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

/**
 * The behaviour every RateLimitStore must have. Call it from a test file with a factory that
 * returns a fresh, empty, migrated store; the suite closes each store after its test.
 */
export function describeRateLimitStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} rate-limit store contract`, () => {
    let store: Store;
    let limits: RateLimitStore;
    beforeEach(async () => {
      store = await openStore();
      limits = store.rateLimits;
    });
    afterEach(async () => {
      await store.close();
    });

    it('starts a window at the first hit and adds every hit inside it; cost 0 only reads', async () => {
      expect(await limits.hit('api:key:k1', at(0), MINUTE, 1)).toEqual({ count: 1, windowStart: at(0) });
      expect(await limits.hit('api:key:k1', at(10_000), MINUTE, 1)).toEqual({ count: 2, windowStart: at(0) });
      expect(await limits.hit('api:key:k1', at(20_000), MINUTE, 3)).toEqual({ count: 5, windowStart: at(0) });
      expect(await limits.hit('api:key:k1', at(59_999), MINUTE, 0)).toEqual({ count: 5, windowStart: at(0) });
      expect(await limits.hit('signin:email:new@example.com', at(5), MINUTE, 0)).toEqual({
        count: 0,
        windowStart: at(5),
      });
    });

    it('starts the next window at the first hit at or after the end of the last', async () => {
      for (let i = 0; i < 4; i++) await limits.hit('api:key:k1', at(i * 1000), MINUTE, 1);
      // Exactly at the end: the old window is over, the new one starts here and now.
      expect(await limits.hit('api:key:k1', at(MINUTE), MINUTE, 1)).toEqual({
        count: 1,
        windowStart: at(MINUTE),
      });
      expect(await limits.hit('api:key:k1', at(MINUTE + 500), MINUTE, 1)).toEqual({
        count: 2,
        windowStart: at(MINUTE),
      });
      // A long silence: the first hit after it starts afresh, not where the old window would be.
      expect(await limits.hit('api:key:k1', at(10 * MINUTE + 7), MINUTE, 2)).toEqual({
        count: 2,
        windowStart: at(10 * MINUTE + 7),
      });
    });

    it('keeps counters apart by key', async () => {
      await limits.hit('api:key:k1', at(0), MINUTE, 1);
      await limits.hit('api:key:k1', at(1), MINUTE, 1);
      expect(await limits.hit('api:key:k2', at(2), MINUTE, 1)).toEqual({ count: 1, windowStart: at(2) });
      expect(await limits.hit('api:address:127.0.0.1', at(3), 15 * MINUTE, 1)).toEqual({
        count: 1,
        windowStart: at(3),
      });
      expect(await limits.hit('api:key:k1', at(4), MINUTE, 0)).toEqual({ count: 2, windowStart: at(0) });
    });

    it('counts many hits at once exactly: each sees its own count', async () => {
      const hits = 120;
      const counted = await Promise.all(
        Array.from({ length: hits }, (_, i) => limits.hit('api:key:busy', at(i), MINUTE, 1)),
      );
      expect(counted.map((c) => c.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: hits }, (_, i) => i + 1),
      );
      expect(new Set(counted.map((c) => c.windowStart.getTime())).size).toBe(1);
      expect((await limits.hit('api:key:busy', at(hits), MINUTE, 0)).count).toBe(hits);
    });

    it('deletes the counters whose window ended, and only those', async () => {
      await limits.hit('api:key:old', at(0), MINUTE, 3);
      await limits.hit('api:key:ends-now', at(30_000), MINUTE, 1);
      await limits.hit('api:key:live', at(60_000), MINUTE, 2);
      await limits.hit('signin:address:10.0.0.1', at(0), 15 * MINUTE, 1);
      expect(await limits.deleteExpired(at(90_000))).toBe(2);
      expect(await limits.deleteExpired(at(90_000))).toBe(0);
      expect(await limits.hit('api:key:live', at(90_000), MINUTE, 0)).toEqual({
        count: 2,
        windowStart: at(60_000),
      });
      expect(await limits.hit('signin:address:10.0.0.1', at(90_000), 15 * MINUTE, 0)).toEqual({
        count: 1,
        windowStart: at(0),
      });
      expect(await limits.hit('api:key:old', at(90_000), MINUTE, 1)).toEqual({
        count: 1,
        windowStart: at(90_000),
      });
    });
  });
}
