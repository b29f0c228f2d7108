import type { EventStore, JournalEvent } from '@svc/core';

/** A reader following the event journal from the start while a test runs. */
export type JournalFollower = {
  /** What it has read so far. */
  events(): readonly JournalEvent[];
  /** Stops following, reads what is left, and answers it all. */
  stop(): Promise<JournalEvent[]>;
};

/**
 * Reads the journal page by page from the start, every `pauseMs`, as an integrator's reader does:
 * keeping its position while processes commit in any order, so a test can check it saw every event
 * once.
 */
export function followJournal(events: EventStore, pauseMs = 50): JournalFollower {
  const read: JournalEvent[] = [];
  let after: string | null = null;
  let running = true;
  const readAll = async () => {
    for (;;) {
      const page = await events.listEvents(after, 500);
      const last = page.at(-1);
      if (last === undefined) return;
      read.push(...page);
      after = last.position;
    }
  };
  // A failed read ends the loop and is answered by stop(): a test that failed before stopping
  // closes the store under a running loop, which must not become an unhandled rejection.
  const loop = (async () => {
    while (running) {
      await readAll();
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })().then(
    () => null,
    (error: unknown) => ({ error }),
  );
  return {
    events: () => read,
    async stop() {
      running = false;
      const failed = await loop;
      if (failed !== null) throw failed.error;
      await readAll();
      return read;
    },
  };
}
