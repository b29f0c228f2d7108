import type { ConnectionRequestStore } from '@svc/core';
import { CONNECTION_REQUEST_COLUMNS, type ConnectionRequestRowOf, insertSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { dateToSql, jsonToSql, NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type ConnectionRequestRow = ConnectionRequestRowOf<SqliteTypes>;

const { connectionRequestToRow, rowToConnectionRequest } = SQLITE_ROWS;

/** The ConnectionRequestStore of a SQLite database. */
export function createSqliteConnectionRequestStore(db: Database.Database): ConnectionRequestStore {
  const insert = db.prepare<[ConnectionRequestRow]>(
    insertSql('connection_requests', CONNECTION_REQUEST_COLUMNS, NAMED),
  );
  const select = db.prepare<[string], ConnectionRequestRow>('SELECT * FROM connection_requests WHERE id = ?');
  // The `used_at IS NULL` guard makes spending a compare-and-set: one racing callback wins.
  const spend = db.prepare<[number, string]>(
    'UPDATE connection_requests SET used_at = ? WHERE id = ? AND used_at IS NULL',
  );
  const recordAccounts = db.prepare<[string, string]>(
    'UPDATE connection_requests SET account_ids = ? WHERE id = ?',
  );
  return {
    async insertConnectionRequest(request) {
      insert.run(connectionRequestToRow(request));
    },
    async getConnectionRequest(id) {
      const row = select.get(id);
      return row === undefined ? null : rowToConnectionRequest(row);
    },
    async spendConnectionRequest(id, at) {
      return spend.run(dateToSql(at), id).changes === 1;
    },
    async recordConnectedAccounts(id, accountIds) {
      recordAccounts.run(jsonToSql(accountIds), id);
    },
  };
}
