import type { WorkerLoop } from './worker-loop.js';

/**
 * After a `journal` notification, when to look again (ms after the previous look). On PostgreSQL
 * an appended event becomes readable only once every older transaction has ended (the journal
 * reader never skips a late commit), which may be a little after its notification arrived; a
 * reader that found nothing then would otherwise wait for the next notification or its poll.
 */
export const JOURNAL_RECHECKS_MS: readonly number[] = [10, 25, 50, 100, 250, 500, 1_000];

/** Wakes a journal follower's loop on a notification, and again at `JOURNAL_RECHECKS_MS`. */
export type JournalWake = {
  /** A notification came: run now, then at the rechecks (a later notification starts them over). */
  wake(): void;
  /** Drops the pending recheck (the loop is stopping). */
  stop(): void;
};

/** Creates the journal wake of `loop`. */
export function journalWake(loop: WorkerLoop, rechecksMs = JOURNAL_RECHECKS_MS): JournalWake {
  let timer: NodeJS.Timeout | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const recheck = (step: number) => {
    const delay = rechecksMs[step];
    if (delay === undefined) {
      timer = null;
      return;
    }
    timer = setTimeout(() => {
      loop.wake();
      recheck(step + 1);
    }, delay);
    // The loop's own timer keeps the process alive; a recheck need not.
    timer.unref();
  };
  return {
    wake() {
      loop.wake();
      clear();
      recheck(0);
    },
    stop: clear,
  };
}
