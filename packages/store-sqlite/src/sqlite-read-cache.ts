import type Database from 'better-sqlite3';

/** Remembers single-row reads by id for as long as the database has not changed. */
export type SqliteReadCache = {
  /**
   * `load` behind the cache: a value read is served again until anything is written, by this
   * connection or by another. Values are frozen, as every caller shares them.
   */
  cached<T extends object>(load: (id: string) => Promise<T | null>): (id: string) => Promise<T | null>;
};

/** How many rows each cached reader remembers; the oldest makes room. */
const MAX_ENTRIES = 10_000;

/**
 * A GET of a post read its row on every request (a tenth of the request's CPU, issue 34). This
 * cache serves the row from memory while nothing changed, which it asks SQLite on every read, so
 * a cached value is never older than what the statement would have read. This connection's own
 * writes show in `total_changes()`: it moves with every row any statement of this connection
 * inserts, updates or deletes, triggers included, whichever file issued it, so no write path has
 * to remember to empty the cache. Other connections' commits (another process, the CLI) show in
 * `PRAGMA data_version`. Both are read on every read: unlike keys, a post read after another
 * process's commit is often read *because of* it (the journal event of a publish, read from the
 * same file, names the post), so no staleness window is allowed. The two together cost about
 * half of reading a post row (measured). Any change empties every reader: the cache is for the quiet
 * stretches between writes, where reads repeat.
 */
export function createSqliteReadCache(db: Database.Database): SqliteReadCache {
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenChanges = totalChanges.get();
  let seenVersion = dataVersion.get();
  // Moves whenever the database may have changed; a value is cached under the epoch it was read in.
  let epoch = 0;

  const currentEpoch = (): number => {
    const changes = totalChanges.get();
    const version = dataVersion.get();
    if (changes !== seenChanges || version !== seenVersion) {
      seenChanges = changes;
      seenVersion = version;
      epoch += 1;
    }
    return epoch;
  };

  return {
    cached(load) {
      type Value = Awaited<ReturnType<typeof load>>;
      const entries = new Map<string, Value>();
      let entriesEpoch = epoch;
      return async (id) => {
        // Inside a transaction a read may see writes that are later rolled back: never cache it.
        if (db.inTransaction) return load(id);
        const readIn = currentEpoch();
        if (readIn !== entriesEpoch) {
          entries.clear();
          entriesEpoch = readIn;
        }
        const hit = entries.get(id);
        if (hit !== undefined) return hit;
        const value = await load(id);
        // The row was read after `readIn` was taken, so it is at least as new as that epoch; if
        // the cache moved on meanwhile, it is not kept (a later epoch may know of a newer row).
        if (value === null || entriesEpoch !== readIn) return value;
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        const frozen = deepFreeze(value);
        entries.set(id, frozen);
        return frozen;
      };
    },
  };
}

/** Freezes a row's value and every object and array inside it. */
function deepFreeze<T>(value: T): T {
  // Typed arrays (bytes) cannot be frozen; rows hold none today, and a copy would cost more.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
