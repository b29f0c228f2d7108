import type { Pool, PoolClient, QueryResultRow } from 'pg';

/** Runs a statement of any number of rows, answering them as values (oneRow's counterpart for lists). */
export function manyRows<R extends QueryResultRow, V>(
  db: Pool | PoolClient,
  toValue: (row: R) => V,
): (sql: string, params: unknown[]) => Promise<V[]> {
  return async (sql, params) => (await db.query<R>(sql, params)).rows.map(toValue);
}
