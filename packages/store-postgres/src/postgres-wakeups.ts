import { createLocalWakeups, type Wakeups, type WakeupTopic } from '@svc/core';
import type { PostgresWakeupChannel } from './postgres-wakeup-channel.js';

/** A PostgreSQL store's wake-ups, and what its close releases. */
export type PostgresWakeups = Wakeups & {
  /** Stops listening and releases the channel's connections. */
  close(): Promise<void>;
};

/**
 * Wake-ups of a PostgreSQL database, over LISTEN/NOTIFY. A notification goes to this process's
 * subscribers at once and to every other process through `channel` (ours hear their own echo too:
 * waking twice is harmless). The store notifies `journal` after each commit that appended
 * (journal-noticing-pool.ts).
 * The process listens only once somebody subscribes, so API-only processes hold no listening
 * connection; every topic shares that one connection.
 */
export function createPostgresWakeups(channel: PostgresWakeupChannel): PostgresWakeups {
  const local = createLocalWakeups();
  let listening: Promise<void> | null = null;
  const listen = () => {
    listening ??= channel.listen((topic, at) => local.notify(topic, at ?? undefined));
    return listening;
  };
  const sending = new Set<WakeupTopic>();
  const again = new Set<WakeupTopic>();
  const send = (topic: WakeupTopic, at: Date | null) => {
    if (at === null) sending.add(topic);
    channel
      .notify(topic, at)
      // Best effort: a lost notification costs the other processes' workers their safety poll.
      .catch(() => {})
      .finally(() => {
        if (at !== null) return;
        sending.delete(topic);
        if (again.delete(topic)) send(topic, null);
      });
  };
  return {
    notify(topic, at) {
      local.notify(topic, at);
      // A due time is news each time; for the other topics, one NOTIFY in flight per process is
      // enough: what comes while it is sent is told by one more after it (a worker woken once
      // reads everything there is), so a busy writer sends a few a round trip, not one per commit.
      if (at !== undefined) send(topic, at);
      else if (sending.has(topic)) again.add(topic);
      else send(topic, null);
    },
    subscribe(topic, listener) {
      void listen();
      return local.subscribe(topic, listener);
    },
    listening: listen,
    close: channel.close,
  };
}
