import type Database from 'better-sqlite3';
import { rowInserter } from './row-inserter.js';

/**
 * The insert and the read by key of a table keyed by `id` whose rows a shared row mapper
 * (@svc/store-sql) makes whole, and its list statements answered as values: what the stores of
 * such values share.
 */
export function idTable<V, R extends object>(
  db: Database.Database,
  table: string,
  toRow: (value: V) => R,
  toValue: (row: R) => V,
) {
  const insert = rowInserter<R>(db, table);
  const select = db.prepare<[string], R>(`SELECT * FROM ${table} WHERE id = ?`);
  return {
    insert: async (value: V): Promise<void> => insert(toRow(value)),
    /** A statement of any number of rows, prepared once; its call answers them as values. */
    list: <P extends unknown[]>(sql: string) => {
      const statement = db.prepare<P, R>(sql);
      return (...params: P): V[] => statement.all(...params).map(toValue);
    },
    get: async (id: string): Promise<V | null> => {
      const row = select.get(id);
      return row === undefined ? null : toValue(row);
    },
  };
}
