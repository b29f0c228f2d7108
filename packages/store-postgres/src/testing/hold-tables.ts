import pg from 'pg';

/** Tables locked by a test until it lets the processes waiting for them go, all at the same moment. */
export type TableHold = {
  /** Resolves once `count` sessions wait for one of the held locks; rejects after `timeoutMs`. */
  waitForWaiters(count: number, timeoutMs?: number): Promise<void>;
  /** Commits, releasing the locks, and closes the connection. */
  release(): Promise<void>;
};

/**
 * Locks `tables` of the database at `url` (ACCESS EXCLUSIVE, so even plain reads wait) in an open
 * transaction. Concurrency tests start several processes, wait until each is blocked on the locks,
 * then release them together, so the processes really run their work at the same time instead of
 * one after the other as their start-up times happen to fall.
 */
export async function holdTables(url: string, tables: readonly string[]): Promise<TableHold> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
  const ownPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
  return {
    async waitForWaiters(count, timeoutMs = 20_000) {
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      try {
        let waiting = 0;
        for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
          const { rows } = await observer.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND $1::int = ANY (pg_blocking_pids(pid))`,
            [ownPid],
          );
          waiting = Number(rows[0]?.n ?? 0);
          if (waiting >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`${waiting} sessions wait for the held tables after ${timeoutMs} ms, not ${count}.`);
      } finally {
        await observer.end();
      }
    },
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}
