import type Database from 'better-sqlite3';

/**
 * How big a group may grow. A request is answered after the requests queued behind it in its
 * group ran and the group committed: these bound that wait (docs/posts.md#group-commit).
 */
export type GroupCommitLimits = {
  /** Most requests one group takes (default 64). */
  readonly maxGroupSize?: number;
  /** A group takes no more requests once it has run this long (default 2 ms). */
  readonly maxGroupMs?: number;
};

/** What the writer has done so far: how many transactions it committed, for how many requests. */
export type GroupCommitStats = { readonly groups: number; readonly requests: number };

/**
 * Group commit for one SQLite connection: write requests made during one turn of the event loop
 * share ONE `BEGIN IMMEDIATE` … `COMMIT`, so a burst of creates pays for one commit instead of one
 * each. Each request runs in its own SAVEPOINT, in arrival order: one that throws rolls back only
 * its own writes, and a later one reads what an earlier one wrote (an idempotency key just
 * recorded, the quota just used), as if they had run one after another. Every request settles only
 * after its group's COMMIT, with its own outcome; when the COMMIT fails, every request of the
 * group gets that error, and nothing of any of them was written.
 */
export type SqliteGroupCommit = {
  /** Runs `work` (synchronous, no transaction of its own) in the next group; settles after its COMMIT. */
  run<R>(work: () => R): Promise<R>;
  /** Runs every queued request now, in as many groups as it takes: before the connection closes. */
  flush(): void;
  stats(): GroupCommitStats;
};

type Pending = {
  readonly work: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
};

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown };

/**
 * The writer of a connection. better-sqlite3 is synchronous: a group runs start to COMMIT in one
 * synchronous call, so no other statement of this connection (an update, a claim, a purge, each in
 * its own transaction) can run inside it; such writes run between groups, as they would between
 * two single-request transactions. Other processes on the file wait on the write lock as before.
 */
export function createSqliteGroupCommit(
  db: Database.Database,
  { maxGroupSize = 64, maxGroupMs = 2 }: GroupCommitLimits = {},
): SqliteGroupCommit {
  const queue: Pending[] = [];
  let scheduled = false;
  let groups = 0;
  let requests = 0;

  // Called inside the group's transaction, better-sqlite3 makes this SAVEPOINT … RELEASE, and
  // ROLLBACK TO the savepoint when `work` throws.
  const inSavepoint = db.transaction((work: () => unknown) => work());

  // Immediate: the write lock is taken before any request reads, so the idempotency and quota
  // checks of each request see every write committed before and every earlier write of the group.
  const runGroup = db.transaction((group: readonly Pending[]): Outcome[] => {
    const started = performance.now();
    const outcomes: Outcome[] = [];
    for (const pending of group) {
      // A request waits for at most maxGroupMs of later requests' work: the rest go to the next group.
      if (outcomes.length > 0 && performance.now() - started >= maxGroupMs) break;
      try {
        outcomes.push({ ok: true, value: inSavepoint(pending.work) });
      } catch (error) {
        // Some errors (disk full, I/O, a lock lost) make SQLite roll back the whole transaction:
        // what earlier requests wrote is gone, so none of the group may be answered as written.
        if (!db.inTransaction) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }).immediate;

  const flushGroup = (): void => {
    const group = queue.splice(0, maxGroupSize);
    let outcomes: Outcome[];
    try {
      outcomes = runGroup(group);
    } catch (error) {
      // BEGIN or COMMIT failed (or SQLite rolled back): nothing of the group was written.
      for (const pending of group) pending.reject(error);
      return;
    }
    groups += 1;
    requests += outcomes.length;
    // Requests the group had no time for go back to the front of the queue, in their order.
    queue.unshift(...group.slice(outcomes.length));
    outcomes.forEach((outcome, i) => {
      const pending = group[i] as Pending;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  };

  // One group per turn, so the answers of a group go out before the next group runs.
  const onTurn = (): void => {
    scheduled = false;
    if (queue.length === 0) return;
    flushGroup();
    schedule();
  };

  // setImmediate, not a timer: a lone request waits for nothing but the end of the current turn,
  // and a burst that arrived in that turn (the requests read from the sockets together) shares it.
  const schedule = (): void => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(onTurn);
  };

  return {
    run<R>(work: () => R): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    flush() {
      while (queue.length > 0) flushGroup();
    },
    stats: () => ({ groups, requests }),
  };
}
