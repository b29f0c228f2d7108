import pg from 'pg';

/**
 * Ends every client session on the database of `databaseUrl` but its own, as an operator's
 * pg_terminate_backend or a failover does; resolves with how many it ended.
 */
export async function terminateConnections(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    return ended.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
