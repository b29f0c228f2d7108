import type { BackgroundWorker } from './background-worker.js';
import type { PublisherLogger } from './publisher-deps.js';
import { workThroughClaims } from './work-through-claims.js';
import { workerLoop } from './worker-loop.js';

/** How a leased worker's loop runs and what it logs when a round fails. */
export type LeasedWorkerLoop = {
  readonly intervalMs: number;
  readonly logger: PublisherLogger;
  /** The log message of a failed round. */
  readonly failure: string;
  /**
   * Subscribes `wake` to the notifications that announce this worker's work (while started);
   * answers the unsubscribe. Without it the loop only polls.
   */
  readonly wakeOn?: (wake: () => void) => () => void;
};

/** What a round works with: its loop's stop signal, and `workThroughClaims` bound to the loop and logger. */
export type LeasedRound = {
  stopping(): boolean;
  /** Works through claimed items until the loop stops; an item that throws is logged as `crashed`. */
  workThrough<T>(
    items: readonly T[],
    crashed: string,
    fieldsOf: (item: T) => Record<string, unknown>,
    work: (item: T) => Promise<unknown>,
  ): Promise<void>;
};

/**
 * The loop and drain of a worker whose round claims a batch under leases (the collector, the
 * comment replier): `round` answers how many items it claimed and stops between items when its
 * loop is stopping (`workThrough` does); draining runs rounds until one claims nothing (what is deferred or recorded
 * for a later slot is due only later), then answers what `progress` counted since it began.
 */
export function leasedWorker<Drained>(
  options: LeasedWorkerLoop,
  round: (round: LeasedRound) => Promise<number>,
  progress: () => () => Drained,
): BackgroundWorker<number, Drained> {
  const context: LeasedRound = {
    stopping: () => loop.stopping(),
    workThrough: (items, crashed, fieldsOf, work) =>
      workThroughClaims(items, { loop, logger: options.logger, crashed, fieldsOf }, work),
  };
  const runOnce = () => round(context);
  const loop = workerLoop(runOnce, options);
  let unsubscribe: (() => void) | null = null;
  return {
    start() {
      unsubscribe ??= options.wakeOn?.(() => loop.wake()) ?? null;
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await loop.stop();
    },
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
