import { isStoreUnavailable } from '@svc/core';
import type { PublisherLogger } from './publisher-deps.js';

/** A background loop: a round, a pause, again, until stopped. */
export type WorkerLoop = {
  start(): void;
  /** Stops after the current round; the pause between rounds ends at once. */
  stop(): Promise<void>;
  /** True once `stop` was called: rounds check it between items. */
  stopping(): boolean;
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
  let loop: Promise<void> | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
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
  };
}
