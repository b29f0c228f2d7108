import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './map-concurrently.js';

describe('mapConcurrently', () => {
  it('never runs more than the limit at once, and answers in the order of the items', async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 23 }, (_, i) => i);
    const results = await mapConcurrently(items, 4, async (i) => {
      running += 1;
      most = Math.max(most, running);
      // Later items finish first, so the order of completion differs from the order asked.
      await new Promise((resolve) => setTimeout(resolve, (23 - i) % 5));
      running -= 1;
      return i * 2;
    });
    expect(results).toEqual(items.map((i) => i * 2));
    expect(most).toBe(4);
  });

  it('handles fewer items than the limit, and none', async () => {
    expect(await mapConcurrently([1, 2], 4, async (i) => i + 1)).toEqual([2, 3]);
    expect(await mapConcurrently([], 4, async (i: number) => i)).toEqual([]);
  });
});
