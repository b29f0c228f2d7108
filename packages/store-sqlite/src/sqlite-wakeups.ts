import { createLocalWakeups, WAKEUP_TOPICS, type Wakeups } from '@svc/core';
import type Database from 'better-sqlite3';

/** How often, by default, a SQLite store looks for other processes' commits while someone listens. */
export const DEFAULT_SQLITE_WATCH_MS = 250;

/** A SQLite store's wake-ups, and what its close stops. */
export type SqliteWakeups = Wakeups & {
  /** Stops watching for other processes' commits. */
  close(): void;
};

/**
 * Wake-ups of a SQLite database. This process's own writes notify in a microtask, which runs
 * after the synchronous transaction that notified has committed (after a rollback the wake-up
 * finds nothing: harmless). Other processes on the same file cannot reach us, so while anyone
 * listens the store reads `PRAGMA data_version` every `watchMs`: it changes when another
 * connection committed, whatever it wrote, and then every topic is woken. One cheap pragma per
 * interval, against a worker round per topic on every poll without it.
 */
export function createSqliteWakeups(db: Database.Database, watchMs: number): SqliteWakeups {
  const local = createLocalWakeups();
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let watch: NodeJS.Timeout | null = null;
  let closed = false;

  const startWatching = () => {
    if (watch !== null || closed) return;
    let seen = dataVersion.get();
    watch = setInterval(() => {
      if (!db.open || local.subscribers() === 0) return;
      let version: number | undefined;
      try {
        version = dataVersion.get();
      } catch {
        // A busy or failing read is retried at the next tick; the workers' safety poll covers the rest.
        return;
      }
      if (version === seen) return;
      seen = version;
      for (const topic of WAKEUP_TOPICS) local.notify(topic);
    }, watchMs);
    // Nobody is kept alive by a watch: the workers that listen keep their own timers.
    watch.unref();
  };

  return {
    notify: local.notify,
    subscribe(topic, listener) {
      startWatching();
      return local.subscribe(topic, listener);
    },
    listening: local.listening,
    close() {
      closed = true;
      if (watch !== null) clearInterval(watch);
      watch = null;
    },
  };
}
