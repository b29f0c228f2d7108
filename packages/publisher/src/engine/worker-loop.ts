import { isStoreUnavailable } from '@svc/core';
import type { PublisherLogger } from './publisher-deps.js';

/** A background loop: a round, a pause, again, until stopped. */
export type WorkerLoop = {
  start(): void;
  /** Stops after the current round; the pause between rounds ends at once. */
  stop(): Promise<void>;
  /** True once `stop` was called: rounds check it between items. */
  stopping(): boolean;
  /**
   * Runs the next round now (or once `minGapMs` has passed since the last one began): ends the
   * pause, or skips the next one if a round is running.
   */
  wake(): void;
};

/** How a worker loop paces its rounds and what it logs when one fails. */
export type WorkerLoopOptions = {
  /** The pause after a round when nothing wakes the loop: its safety poll. */
  readonly intervalMs: number;
  readonly logger: PublisherLogger;
  /** The log message of a failed round. */
  readonly failure: string;
  /**
   * The least time from one round's start to the next's when wake-ups keep coming (default 0).
   * A wake-up after a quiet spell runs a round at once; wake-ups sooner than this after a round
   * began are served by one round at the end of the gap, so a burst of commits (each notifying)
   * costs a round per gap, not one per commit.
   */
  readonly minGapMs?: number;
};

/**
 * Runs `round` every `intervalMs` until stopped, sooner when woken. A failed round is logged (a
 * database outage as such) and the loop goes on: workers survive outages by trying again, never
 * by exiting.
 */
export function workerLoop(round: () => Promise<unknown>, options: WorkerLoopOptions): WorkerLoop {
  const minGapMs = options.minGapMs ?? 0;
  let stopping = false;
  let wake: (() => void) | null = null;
  let woken = false;
  let loop: Promise<void> | null = null;
  let started = 0;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const end = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      // Woken: the next round starts once the gap since this one's start has passed.
      const soon = () => {
        const wait = started + minGapMs - performance.now();
        if (wait <= 0 || stopping) {
          end();
          return;
        }
        clearTimeout(timer);
        timer = setTimeout(end, wait);
        wake = () => {
          if (stopping) end();
        };
      };
      if (woken) {
        woken = false;
        soon();
        return;
      }
      timer = setTimeout(end, ms);
      wake = soon;
    });
  const run = async () => {
    while (!stopping) {
      started = performance.now();
      try {
        await round();
      } catch (error) {
        options.logger.warn(
          { err: error instanceof Error ? error.name : 'unknown', storeAway: isStoreUnavailable(error) },
          options.failure,
        );
      }
      if (!stopping) await pause(options.intervalMs);
    }
  };
  return {
    start() {
      if (loop === null) loop = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    stopping: () => stopping,
    wake() {
      if (wake === null) woken = true;
      else wake();
    },
  };
}
