import { describe, expect, it } from 'vitest';
import { MAX_PROCESSING_MS, processingPollDelay } from './processing-poll-delay.js';

/** Every wait of a processing that never ends, as the publish would take them. */
function schedule(): number[] {
  const waits: number[] = [];
  let elapsed = 0;
  for (let polls = 0; ; polls++) {
    const wait = processingPollDelay(polls, elapsed);
    if (wait === null) return waits;
    waits.push(wait);
    elapsed += wait;
  }
}

describe('processingPollDelay', () => {
  it('doubles from 5 s and stays at 2 minutes', () => {
    expect(schedule().slice(0, 8)).toEqual([5, 10, 20, 40, 80, 120, 120, 120].map((s) => s * 1000));
  });

  it('ends on the 30-minute deadline with about twenty reads, not 360', () => {
    const waits = schedule();
    expect(waits.reduce((a, b) => a + b, 0)).toBe(MAX_PROCESSING_MS);
    // The first read plus one after each wait: each costs one quota unit.
    expect(waits.length + 1).toBe(20);
    expect(processingPollDelay(0, MAX_PROCESSING_MS)).toBeNull();
    expect(processingPollDelay(3, MAX_PROCESSING_MS - 1000)).toBe(1000);
  });

  it('never waits past the cap, however many reads came before', () => {
    expect(processingPollDelay(1000, 0)).toBe(120_000);
  });
});
