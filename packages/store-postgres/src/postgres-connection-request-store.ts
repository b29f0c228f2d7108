import type { ConnectionRequestStore } from '@svc/core';
import type { Pool } from 'pg';
import { idTable } from './id-table.js';
import { PG_ROWS } from './pg-values.js';

/** The ConnectionRequestStore of a PostgreSQL database. */
export function createPostgresConnectionRequestStore(pool: Pool): ConnectionRequestStore {
  const requests = idTable(
    pool,
    'connection_requests',
    PG_ROWS.connectionRequestToRow,
    PG_ROWS.rowToConnectionRequest,
  );
  return {
    insertConnectionRequest: requests.insert,
    getConnectionRequest: requests.get,
    async spendConnectionRequest(id, at) {
      // The `used_at IS NULL` guard makes spending a compare-and-set: one racing callback wins.
      const result = await pool.query(
        'UPDATE connection_requests SET used_at = $1 WHERE id = $2 AND used_at IS NULL',
        [at, id],
      );
      return result.rowCount === 1;
    },
    async recordConnectedAccounts(id, accountIds) {
      await pool.query('UPDATE connection_requests SET account_ids = $1 WHERE id = $2', [accountIds, id]);
    },
  };
}
