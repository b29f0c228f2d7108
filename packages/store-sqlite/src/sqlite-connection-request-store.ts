import type { ConnectionRequest, ConnectionRequestStore, Platform } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, nullableDateFromSql, nullableDateToSql } from './sql-values.js';

type ConnectionRequestRow = {
  id: string;
  owner_id: string;
  platform: string;
  nonce: string;
  sealed_code_verifier: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  account_ids: string;
};

function rowToRequest(row: ConnectionRequestRow): ConnectionRequest {
  return {
    id: row.id,
    ownerId: row.owner_id,
    platform: row.platform as Platform,
    nonce: row.nonce,
    sealedCodeVerifier: row.sealed_code_verifier,
    createdAt: dateFromSql(row.created_at),
    expiresAt: dateFromSql(row.expires_at),
    usedAt: nullableDateFromSql(row.used_at),
    accountIds: JSON.parse(row.account_ids) as string[],
  };
}

/** The ConnectionRequestStore of a SQLite database. */
export function createSqliteConnectionRequestStore(db: Database.Database): ConnectionRequestStore {
  const insert = db.prepare<[ConnectionRequestRow]>(
    `INSERT INTO connection_requests
       (id, owner_id, platform, nonce, sealed_code_verifier, created_at, expires_at, used_at, account_ids)
     VALUES (@id, @owner_id, @platform, @nonce, @sealed_code_verifier, @created_at, @expires_at, @used_at, @account_ids)`,
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
      insert.run({
        id: request.id,
        owner_id: request.ownerId,
        platform: request.platform,
        nonce: request.nonce,
        sealed_code_verifier: request.sealedCodeVerifier,
        created_at: dateToSql(request.createdAt),
        expires_at: dateToSql(request.expiresAt),
        used_at: nullableDateToSql(request.usedAt),
        account_ids: JSON.stringify(request.accountIds),
      });
    },
    async getConnectionRequest(id) {
      const row = select.get(id);
      return row === undefined ? null : rowToRequest(row);
    },
    async spendConnectionRequest(id, at) {
      return spend.run(dateToSql(at), id).changes === 1;
    },
    async recordConnectedAccounts(id, accountIds) {
      recordAccounts.run(JSON.stringify(accountIds), id);
    },
  };
}
