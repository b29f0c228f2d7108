import { insertSql } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { POSITIONAL } from './pg-values.js';

/**
 * Inserts a whole row as a shared row mapper (@svc/store-sql) makes it: its keys name the columns
 * and its values bind them by position, so the table needs no column list of its own here.
 */
export async function insertRow(db: Pool | PoolClient, table: string, row: object): Promise<void> {
  await db.query(insertSql(table, Object.keys(row), POSITIONAL), Object.values(row));
}
