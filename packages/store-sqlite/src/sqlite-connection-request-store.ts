import type { ConnectionRequestStore } from '@svc/core';
import type { ConnectionRequestRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { rowInserter } from './row-inserter.js';
import { dateToSql, jsonToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type ConnectionRequestRow = ConnectionRequestRowOf<SqliteTypes>;

const { connectionRequestToRow, rowToConnectionRequest } = SQLITE_ROWS;

/** The ConnectionRequestStore of a SQLite database. */
export function createSqliteConnectionRequestStore(db: Database.Database): ConnectionRequestStore {
  const insert = rowInserter<ConnectionRequestRow>(db, 'connection_requests');
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
      insert(connectionRequestToRow(request));
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
