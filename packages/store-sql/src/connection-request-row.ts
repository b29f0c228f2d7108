import type { ConnectionRequest, Platform } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `connection_requests` row in a dialect's column types. */
export type ConnectionRequestRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  platform: string;
  nonce: string;
  sealed_code_verifier: string;
  created_at: T['date'];
  expires_at: T['date'];
  used_at: T['date'] | null;
  account_ids: T['list'];
};

/** The row that stores a connection request. */
export function connectionRequestToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  request: ConnectionRequest,
): ConnectionRequestRowOf<T> {
  return {
    id: request.id,
    owner_id: request.ownerId,
    platform: request.platform,
    nonce: request.nonce,
    sealed_code_verifier: request.sealedCodeVerifier,
    created_at: codec.dateToSql(request.createdAt),
    expires_at: codec.dateToSql(request.expiresAt),
    used_at: orNull(request.usedAt, codec.dateToSql),
    account_ids: codec.listToSql(request.accountIds),
  };
}

/** The connection request a row stores. */
export function sqlRowToConnectionRequest<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: ConnectionRequestRowOf<T>,
): ConnectionRequest {
  return {
    id: row.id,
    ownerId: row.owner_id,
    platform: row.platform as Platform,
    nonce: row.nonce,
    sealedCodeVerifier: row.sealed_code_verifier,
    createdAt: codec.dateFromSql(row.created_at),
    expiresAt: codec.dateFromSql(row.expires_at),
    usedAt: orNull(row.used_at, codec.dateFromSql),
    accountIds: codec.listFromSql(row.account_ids),
  };
}
