import type { Pool, PoolClient, QueryResultRow } from 'pg';

/** Runs a statement of at most one row, answering that row as a value, or null when there is none. */
export function oneRow<R extends QueryResultRow, V>(
  db: Pool | PoolClient,
  toValue: (row: R) => V,
): (sql: string, params: unknown[]) => Promise<V | null> {
  return async (sql, params) => {
    const row = (await db.query<R>(sql, params)).rows[0];
    return row === undefined ? null : toValue(row);
  };
}
