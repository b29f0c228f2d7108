import type { Wakeups } from '@svc/core';
import type { PublisherLogger } from './publisher-deps.js';
import { type WorkerLoop, workerLoop } from './worker-loop.js';

/** How a journal follower reads and paces its rounds. */
export type JournalFollowerOptions = {
  /** The safety poll when no `journal` notice wakes it. */
  readonly intervalMs: number;
  /** The least time between rounds while commits keep notifying (see `WorkerLoopOptions`). */
  readonly minGapMs: number;
  /** Events a step reads at most: a shorter page was everything numbered. */
  readonly batch: number;
  readonly logger: PublisherLogger;
  /** The log message of a failed round. */
  readonly failure: string;
};

/** A loop following the event journal: woken by `journal` notices while started. */
export type JournalFollower = Pick<WorkerLoop, 'stopping'> & {
  start(): void;
  stop(): Promise<void>;
  /** Reads until the journal is caught up (or another process holds it); answers the events read. */
  runOnce(): Promise<number>;
};

/**
 * Follows the journal with `step`, which reads one page and answers how many events it read, or
 * null when another process holds the cursor. The webhook and notification fan-outs and the
 * collector's scheduling share it, so each wakes, paces and takes over from a dead holder alike.
 */
export function journalFollower(
  wakeups: Pick<Wakeups, 'subscribe'>,
  step: () => Promise<number | null>,
  options: JournalFollowerOptions,
): JournalFollower {
  // Whether another process held the cursor at this process's last try. Every process hears every
  // journal notice, the holder too, so the others leave the notices to it and try again only at
  // their safety poll: that is where they take over from a holder that died.
  let heldElsewhere = false;
  const runOnce = async (): Promise<number> => {
    let total = 0;
    while (!loop.stopping()) {
      const read = await step();
      heldElsewhere = read === null;
      if (read === null || read === 0) break;
      total += read;
      // A short page was everything numbered: what commits later notifies, and wakes this loop.
      if (read < options.batch) break;
    }
    return total;
  };
  const loop = workerLoop(runOnce, options);
  let unsubscribe: (() => void) | null = null;
  return {
    start() {
      unsubscribe ??= wakeups.subscribe('journal', () => {
        if (!heldElsewhere) loop.wake();
      });
      loop.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await loop.stop();
    },
    stopping: () => loop.stopping(),
    runOnce,
  };
}
