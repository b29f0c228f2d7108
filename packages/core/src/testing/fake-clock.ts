import type { Clock } from '../kernel/index.js';

/** A clock that moves only when told to. */
export type FakeClock = Clock & {
  /** Moves the clock to `at`. */
  set(at: Date | string): void;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
};

/** A FakeClock starting at `start` (default 2026-01-15T12:00:00Z). */
export function createFakeClock(start: Date | string = '2026-01-15T12:00:00.000Z'): FakeClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
