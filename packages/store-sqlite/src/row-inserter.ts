import { insertSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { NAMED } from './sql-values.js';

/**
 * A whole-row INSERT into `table` of rows a shared row mapper (@svc/store-sql) makes: their keys
 * name the columns, bound by name. Prepared with the first row, as every row has the same keys.
 */
export function rowInserter<R extends object>(db: Database.Database, table: string): (row: R) => void {
  let insert: Database.Statement<[R]> | undefined;
  return (row) => {
    insert ??= db.prepare<[R]>(insertSql(table, Object.keys(row), NAMED));
    insert.run(row);
  };
}
