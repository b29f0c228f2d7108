import type Database from 'better-sqlite3';
import { CREDENTIAL_RECHECK_MS } from './credential-cache.js';

/** Remembers single-row reads by id for as long as the database has not changed. */
export type SqliteReadCache = {
  /**
   * `load` behind the cache: a value read is served again until anything is written, by this
   * connection (at once) or by another (within `recheckMs`). Values are frozen, as every caller
   * shares them.
   */
  cached<T extends object>(load: (id: string) => Promise<T | null>): (id: string) => Promise<T | null>;
};

/** How a read cache learns of other processes' writes. */
export type SqliteReadCacheOptions = {
  /**
   * At most how long, in ms, a cached read is trusted without looking for other connections'
   * commits: how late a post changed by another process (the CLI, another server) is seen.
   * Default `READ_RECHECK_MS`; 0 looks on every read.
   */
  readonly recheckMs?: number | undefined;
  /** A monotonic clock in ms (default `performance.now`); tests pass their own. */
  readonly now?: () => number;
};

/** The default bound on how late another process's write is seen: the credential cache's. */
export const READ_RECHECK_MS = CREDENTIAL_RECHECK_MS;

/** How many rows each cached reader remembers; the oldest makes room. */
const MAX_ENTRIES = 10_000;

/**
 * A GET of a post read its row on every request (a tenth of the request's CPU, issue 34). This
 * cache serves the row from memory while nothing changed. This connection's own writes are found
 * through `total_changes()` on every read: it moves with every row any statement of this
 * connection inserts, updates or deletes, triggers included, whichever file issued it, so no
 * write path has to remember to empty the cache, and a read after a write in this process always
 * sees it. It costs a sixth of reading a post row. Other connections' commits are found through
 * `PRAGMA data_version`, which costs three times as much, so, as for credentials, it is read at
 * most once per `recheckMs` (docs/security.md). Any change empties every reader: the cache is for
 * the quiet stretches between writes, where reads repeat.
 */
export function createSqliteReadCache(
  db: Database.Database,
  options: SqliteReadCacheOptions = {},
): SqliteReadCache {
  const recheckMs = options.recheckMs ?? READ_RECHECK_MS;
  const now = options.now ?? (() => performance.now());
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let seenChanges = totalChanges.get();
  let seenVersion = dataVersion.get();
  let checkedAt = now();
  // Moves whenever the database may have changed; a value is cached under the epoch it was read in.
  let epoch = 0;

  const currentEpoch = (): number => {
    const changes = totalChanges.get();
    if (changes !== seenChanges) {
      seenChanges = changes;
      epoch += 1;
    }
    const at = now();
    // `at < checkedAt` guards a clock handed in by a test that moves back; never the default.
    if (at - checkedAt >= recheckMs || at < checkedAt) {
      checkedAt = at;
      const version = dataVersion.get();
      if (version !== seenVersion) {
        seenVersion = version;
        epoch += 1;
      }
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
