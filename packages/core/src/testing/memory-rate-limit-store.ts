import type { RateLimitStore } from '../limits/index.js';

/**
 * Rate-limit counters in memory, with the SQL stores' behaviour (the same contract). Each hit runs
 * without awaiting in between, so concurrent hits are counted exactly, as the SQL upserts count them.
 */
export function createMemoryRateLimitStore(live: () => void): RateLimitStore {
  const counters = new Map<string, { count: number; windowStart: number; endsAt: number }>();
  return {
    async hit(key, now, windowMs, cost) {
      live();
      const at = now.getTime();
      const current = counters.get(key);
      const counter =
        current === undefined || current.endsAt <= at
          ? { count: cost, windowStart: at, endsAt: at + windowMs }
          : { ...current, count: current.count + cost };
      counters.set(key, counter);
      return { count: counter.count, windowStart: new Date(counter.windowStart) };
    },
    async deleteExpired(now) {
      live();
      let deleted = 0;
      for (const [key, counter] of counters) {
        if (counter.endsAt <= now.getTime()) {
          counters.delete(key);
          deleted += 1;
        }
      }
      return deleted;
    },
  };
}
