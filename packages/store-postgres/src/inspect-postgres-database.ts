import pg from 'pg';
import { pendingPostgresMigrations } from './migrate-postgres.js';

/** What `svc doctor` reads of a PostgreSQL database, without changing it. */
export type PostgresInspection = {
  /** Ids of the migrations it has not applied, in list order. */
  readonly pending: string[];
  /**
   * The server's clock minus this machine's, in milliseconds, read at the middle of the round
   * trip: positive when this machine is behind.
   */
  readonly clockSkewMs: number;
};

/**
 * Connects once (giving up after `connectTimeoutMs`), reads the pending migrations and the
 * server's clock, and disconnects. Rejects with pg's error when the server cannot be reached or
 * refuses the login.
 */
export async function inspectPostgresDatabase(
  connectionString: string,
  options: { readonly connectTimeoutMs: number },
): Promise<PostgresInspection> {
  const pool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.connectTimeoutMs,
  });
  try {
    const pending = await pendingPostgresMigrations(pool);
    const sentAt = Date.now();
    const { rows } = await pool.query<{ ms: string }>(
      'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::text AS ms',
    );
    const answeredAt = Date.now();
    const serverMs = Number(rows[0]?.ms);
    return { pending, clockSkewMs: Math.round(serverMs - (sentAt + answeredAt) / 2) };
  } finally {
    await pool.end();
  }
}
