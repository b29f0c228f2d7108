import type { ConnectionRequestStore } from '@svc/core';
import type Database from 'better-sqlite3';
import { idTable } from './id-table.js';
import { dateToSql, jsonToSql, SQLITE_ROWS } from './sql-values.js';

const { connectionRequestToRow, rowToConnectionRequest } = SQLITE_ROWS;

/** The ConnectionRequestStore of a SQLite database. */
export function createSqliteConnectionRequestStore(db: Database.Database): ConnectionRequestStore {
  const requests = idTable(db, 'connection_requests', connectionRequestToRow, rowToConnectionRequest);
  // The `used_at IS NULL` guard makes spending a compare-and-set: one racing callback wins.
  const spend = db.prepare<[number, string]>(
    'UPDATE connection_requests SET used_at = ? WHERE id = ? AND used_at IS NULL',
  );
  const recordAccounts = db.prepare<[string, string]>(
    'UPDATE connection_requests SET account_ids = ? WHERE id = ?',
  );
  return {
    insertConnectionRequest: requests.insert,
    getConnectionRequest: requests.get,
    async spendConnectionRequest(id, at) {
      return spend.run(dateToSql(at), id).changes === 1;
    },
    async recordConnectedAccounts(id, accountIds) {
      recordAccounts.run(jsonToSql(accountIds), id);
    },
  };
}
