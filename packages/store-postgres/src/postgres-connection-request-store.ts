import type { ConnectionRequestStore } from '@svc/core';
import type { Pool } from 'pg';
import { insertRow } from './insert-row.js';
import { oneRow } from './one-row.js';
import { PG_ROWS } from './pg-values.js';

const { rowToConnectionRequest } = PG_ROWS;

/** The ConnectionRequestStore of a PostgreSQL database. */
export function createPostgresConnectionRequestStore(pool: Pool): ConnectionRequestStore {
  return {
    async insertConnectionRequest(request) {
      await insertRow(pool, 'connection_requests', PG_ROWS.connectionRequestToRow(request));
    },
    async getConnectionRequest(id) {
      return oneRow(pool, rowToConnectionRequest)('SELECT * FROM connection_requests WHERE id = $1', [id]);
    },
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
