import type { Pool, QueryResultRow } from 'pg';
import { insertRow } from './insert-row.js';
import { manyRows } from './many-rows.js';
import { oneRow } from './one-row.js';

/**
 * The insert and the read by key of a table keyed by `id` whose rows a shared row mapper
 * (@svc/store-sql) makes whole, and its statements of one row or of a list of rows, answered as
 * values: what the stores of such values share.
 */
export function idTable<V, R extends QueryResultRow>(
  pool: Pool,
  table: string,
  toRow: (value: V) => object,
  toValue: (row: R) => V,
) {
  const one = oneRow(pool, toValue);
  return {
    insert: (value: V): Promise<void> => insertRow(pool, table, toRow(value)),
    get: (id: string): Promise<V | null> => one(`SELECT * FROM ${table} WHERE id = $1`, [id]),
    one,
    many: manyRows(pool, toValue),
  };
}
