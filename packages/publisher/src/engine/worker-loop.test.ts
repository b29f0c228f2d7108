import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workerLoop } from './worker-loop.js';

const logger = { info() {}, warn() {}, error() {} };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A loop that notes when each round began; its safety poll is a minute away. */
function counted(minGapMs: number) {
  const rounds: number[] = [];
  const loop = workerLoop(
    async () => {
      rounds.push(performance.now());
    },
    { intervalMs: 60_000, minGapMs, logger, failure: 'round failed' },
  );
  return { loop, rounds };
}

describe('workerLoop', () => {
  it('runs a round at once when woken after a quiet spell', async () => {
    const { loop, rounds } = counted(100);
    loop.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(rounds).toHaveLength(1);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toHaveLength(2);
    await loop.stop();
  });

  it('serves a burst of wake-ups with one round, the gap after the one before began', async () => {
    const { loop, rounds } = counted(100);
    loop.start();
    await vi.advanceTimersByTimeAsync(500);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 10; i++) {
      loop.wake();
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(rounds).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60);
    expect(rounds).toHaveLength(3);
    expect((rounds[2] ?? 0) - (rounds[1] ?? 0)).toBe(100);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toHaveLength(3);
    await loop.stop();
  });

  it('runs woken rounds back to back without a gap', async () => {
    const { loop, rounds } = counted(0);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toHaveLength(3);
    await loop.stop();
  });

  it('stops at once while waiting out a gap', async () => {
    const { loop, rounds } = counted(10_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    expect(rounds).toHaveLength(1);
    await stopping;
  });
});
