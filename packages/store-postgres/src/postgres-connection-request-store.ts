import type { ConnectionRequest, ConnectionRequestStore, Platform } from '@svc/core';
import type { Pool } from 'pg';

type ConnectionRequestRow = {
  id: string;
  owner_id: string;
  platform: string;
  nonce: string;
  sealed_code_verifier: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  account_ids: string[];
};

function rowToRequest(row: ConnectionRequestRow): ConnectionRequest {
  return {
    id: row.id,
    ownerId: row.owner_id,
    platform: row.platform as Platform,
    nonce: row.nonce,
    sealedCodeVerifier: row.sealed_code_verifier,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    accountIds: row.account_ids,
  };
}

/** The ConnectionRequestStore of a PostgreSQL database. */
export function createPostgresConnectionRequestStore(pool: Pool): ConnectionRequestStore {
  return {
    async insertConnectionRequest(request) {
      await pool.query(
        `INSERT INTO connection_requests
           (id, owner_id, platform, nonce, sealed_code_verifier, created_at, expires_at, used_at, account_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          request.id,
          request.ownerId,
          request.platform,
          request.nonce,
          request.sealedCodeVerifier,
          request.createdAt,
          request.expiresAt,
          request.usedAt,
          request.accountIds,
        ],
      );
    },
    async getConnectionRequest(id) {
      const result = await pool.query<ConnectionRequestRow>(
        'SELECT * FROM connection_requests WHERE id = $1',
        [id],
      );
      const row = result.rows[0];
      return row === undefined ? null : rowToRequest(row);
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
