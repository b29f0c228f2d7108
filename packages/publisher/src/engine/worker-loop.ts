import { isStoreUnavailable } from '@svc/core';
import type { PublisherLogger } from './publisher-deps.js';

/** A background loop: a round, a pause, again, until stopped. */
export type WorkerLoop = {
  start(): void;
  /** Stops after the current round; the pause between rounds ends at once. */
  stop(): Promise<void>;
  /** True once `stop` was called: rounds check it between items. */
  stopping(): boolean;
  /** Runs the next round now: ends the pause, or skips the next one if a round is running. */
  wake(): void;
};

/**
 * Runs `round` every `intervalMs` until stopped. A failed round is logged (a database outage as
 * such) and the loop goes on: workers survive outages by trying again, never by exiting.
 */
export function workerLoop(
  round: () => Promise<unknown>,
  options: { readonly intervalMs: number; readonly logger: PublisherLogger; readonly failure: string },
): WorkerLoop {
  let stopping = false;
  let wake: (() => void) | null = null;
  let woken = false;
  let loop: Promise<void> | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const run = async () => {
    while (!stopping) {
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
