import type { BackgroundWorker } from './background-worker.js';
import type { PublisherLogger } from './publisher-deps.js';
import { type WorkerLoop, workerLoop } from './worker-loop.js';

/** How a leased worker's loop runs and what it logs when a round fails. */
export type LeasedWorkerLoop = {
  readonly intervalMs: number;
  readonly logger: PublisherLogger;
  /** The log message of a failed round. */
  readonly failure: string;
};

/**
 * The loop and drain of a worker whose round claims a batch under leases (the collector, the
 * comment replier): `round` answers how many items it claimed and stops between items when its
 * loop is stopping; draining runs rounds until one claims nothing (what is deferred or recorded
 * for a later slot is due only later), then answers what `progress` counted since it began.
 */
export function leasedWorker<Drained>(
  options: LeasedWorkerLoop,
  round: (loop: WorkerLoop) => Promise<number>,
  progress: () => () => Drained,
): BackgroundWorker<number, Drained> {
  const runOnce = () => round(loop);
  const loop = workerLoop(runOnce, options);
  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
    async drain() {
      const since = progress();
      while ((await runOnce()) > 0) {
        // Rounds until nothing is due now.
      }
      return since();
    },
  };
}
