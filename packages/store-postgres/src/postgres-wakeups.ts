import { createLocalWakeups, type Wakeups } from '@svc/core';
import type { PostgresWakeupChannel } from './postgres-wakeup-channel.js';

/** A PostgreSQL store's wake-ups, and what its close releases. */
export type PostgresWakeups = Wakeups & {
  /** Stops listening and releases the channel's connections. */
  close(): Promise<void>;
};

/**
 * Wake-ups of a PostgreSQL database, over LISTEN/NOTIFY. A notification goes to this process's
 * subscribers at once and to every other process through `channel` (ours hear their own echo too:
 * waking twice is harmless). Journal appends notify from the database itself (migration 0029).
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
  return {
    notify(topic, at) {
      local.notify(topic, at);
      // Best effort: a lost notification costs the other processes' workers their safety poll.
      channel.notify(topic, at ?? null).catch(() => {});
    },
    subscribe(topic, listener) {
      void listen();
      return local.subscribe(topic, listener);
    },
    listening: listen,
    close: channel.close,
  };
}
