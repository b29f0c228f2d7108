import type { ApiKey, Scope } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** An `api_keys` row in a dialect's column types. */
export type ApiKeyRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  created_by: string | null;
  name: string | null;
  secret_hash: string;
  scopes: T['list'];
  account_ids: T['list'] | null;
  created_at: T['date'];
  expires_at: T['date'] | null;
  revoked_at: T['date'] | null;
  last_used_at: T['date'] | null;
  needs_approval: T['flag'];
};

/** The row that stores an API key. */
export function apiKeyToSqlRow<T extends SqlTypes>(codec: SqlCodec<T>, key: ApiKey): ApiKeyRowOf<T> {
  return {
    id: key.id,
    owner_id: key.ownerId,
    created_by: key.createdBy ?? null,
    name: key.name,
    secret_hash: key.secretHash,
    scopes: codec.listToSql(key.scopes),
    account_ids: orNull(key.accountIds, codec.listToSql),
    created_at: codec.dateToSql(key.createdAt),
    expires_at: orNull(key.expiresAt, codec.dateToSql),
    revoked_at: orNull(key.revokedAt, codec.dateToSql),
    last_used_at: orNull(key.lastUsedAt, codec.dateToSql),
    needs_approval: codec.flagToSql(key.needsApproval === true),
  };
}

/** The API key a row stores. */
export function sqlRowToApiKey<T extends SqlTypes>(codec: SqlCodec<T>, row: ApiKeyRowOf<T>): ApiKey {
  return {
    id: row.id,
    ownerId: row.owner_id,
    ...(row.created_by === null ? {} : { createdBy: row.created_by }),
    name: row.name,
    secretHash: row.secret_hash,
    scopes: codec.listFromSql(row.scopes) as Scope[],
    accountIds: orNull(row.account_ids, codec.listFromSql),
    createdAt: codec.dateFromSql(row.created_at),
    expiresAt: orNull(row.expires_at, codec.dateFromSql),
    revokedAt: orNull(row.revoked_at, codec.dateFromSql),
    lastUsedAt: orNull(row.last_used_at, codec.dateFromSql),
    ...(codec.flagFromSql(row.needs_approval) ? { needsApproval: true } : {}),
  };
}
