import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_RECHECKS_MS, journalWake } from './journal-wake.js';
import type { WorkerLoop } from './worker-loop.js';

afterEach(() => {
  vi.useRealTimers();
});

function countingLoop(): WorkerLoop & { readonly wakes: () => number } {
  let wakes = 0;
  return {
    start: () => undefined,
    stop: async () => undefined,
    stopping: () => false,
    wake: () => {
      wakes += 1;
    },
    wakes: () => wakes,
  };
}

describe('journal wake', () => {
  it('runs the loop at once, then at each recheck, and starts over on the next notification', () => {
    vi.useFakeTimers();
    const loop = countingLoop();
    const wake = journalWake(loop);
    wake.wake();
    expect(loop.wakes()).toBe(1);
    vi.advanceTimersByTime(JOURNAL_RECHECKS_MS[0] ?? 0);
    expect(loop.wakes()).toBe(2);
    wake.wake();
    expect(loop.wakes()).toBe(3);
    vi.advanceTimersByTime(JOURNAL_RECHECKS_MS.reduce((a, b) => a + b, 0));
    expect(loop.wakes()).toBe(3 + JOURNAL_RECHECKS_MS.length);
    vi.advanceTimersByTime(60_000);
    expect(loop.wakes()).toBe(3 + JOURNAL_RECHECKS_MS.length);
  });

  it('drops the pending recheck when stopped', () => {
    vi.useFakeTimers();
    const loop = countingLoop();
    const wake = journalWake(loop);
    wake.wake();
    wake.stop();
    vi.advanceTimersByTime(60_000);
    expect(loop.wakes()).toBe(1);
  });
});
