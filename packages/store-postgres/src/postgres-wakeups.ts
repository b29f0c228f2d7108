import { createLocalWakeups, type Wakeups, type WakeupTopic } from '@svc/core';
import type { PostgresWakeupChannel } from './postgres-wakeup-channel.js';

/** A PostgreSQL store's wake-ups, and what its close releases. */
export type PostgresWakeups = Wakeups & {
  /** Stops listening and releases the channel's connections. */
  close(): Promise<void>;
};

/**
 * The least time between two NOTIFYs of one topic from one process while commits keep coming:
 * what another process's follower may wait beyond the commit (this process's own followers are
 * woken at once).
 */
export const NOTIFY_GAP_MS = 20;

/**
 * Wake-ups of a PostgreSQL database, over LISTEN/NOTIFY. A notification goes to this process's
 * subscribers at once and to every other process through `channel` (ours hear their own echo too:
 * waking twice is harmless). The store notifies `journal` after each commit that appended
 * (journal-noticing-pool.ts).
 * The process listens only once somebody subscribes, so API-only processes hold no listening
 * connection; every topic shares that one connection.
 */
export function createPostgresWakeups(
  channel: PostgresWakeupChannel,
  options: { readonly notifyGapMs?: number } = {},
): PostgresWakeups {
  const gapMs = options.notifyGapMs ?? NOTIFY_GAP_MS;
  const local = createLocalWakeups();
  let listening: Promise<void> | null = null;
  const listen = () => {
    listening ??= channel.listen((topic, at) => local.notify(topic, at ?? undefined));
    return listening;
  };
  // Per topic (other than posts-due): a NOTIFY in flight or waiting out its gap, whether more
  // came meanwhile, and when the last one began.
  const busy = new Set<WakeupTopic>();
  const again = new Set<WakeupTopic>();
  const lastSent = new Map<WakeupTopic, number>();
  // NOTIFYs waiting out their gap: closing sends them at once, so a short-lived process (a CLI
  // command) does not drop its last notice.
  const waiting = new Map<WakeupTopic, NodeJS.Timeout>();
  // Best effort: a lost notification costs the other processes' workers their safety poll.
  const sendNow = (topic: WakeupTopic) => {
    busy.add(topic);
    lastSent.set(topic, performance.now());
    void channel
      .notify(topic, null)
      .catch(() => {})
      .finally(() => {
        busy.delete(topic);
        if (again.delete(topic)) request(topic);
      });
  };
  const request = (topic: WakeupTopic) => {
    if (busy.has(topic)) {
      again.add(topic);
      return;
    }
    const wait = (lastSent.get(topic) ?? Number.NEGATIVE_INFINITY) + gapMs - performance.now();
    if (wait <= 0) {
      sendNow(topic);
      return;
    }
    busy.add(topic);
    const timer = setTimeout(() => {
      waiting.delete(topic);
      // This one tells whatever came while it waited.
      again.delete(topic);
      sendNow(topic);
    }, wait);
    waiting.set(topic, timer);
  };
  return {
    notify(topic, at) {
      local.notify(topic, at);
      // A due time is news each time. For the other topics one NOTIFY per `gapMs` is enough: what
      // comes within the gap is told by one more at its end (a worker woken once reads everything
      // there is). Each NOTIFY is a transaction and wakes every process's followers, so a busy
      // writer sends one a gap, not one per commit; after a quiet spell the first goes at once.
      if (at !== undefined) void channel.notify(topic, at).catch(() => {});
      else request(topic);
    },
    subscribe(topic, listener) {
      void listen();
      return local.subscribe(topic, listener);
    },
    listening: listen,
    async close() {
      for (const [topic, timer] of waiting) {
        clearTimeout(timer);
        void channel.notify(topic, null).catch(() => {});
      }
      waiting.clear();
      again.clear();
      await channel.close();
    },
  };
}
