import type { ApiKeyStore } from '@svc/core';
import type { ApiKeyRowOf } from '@svc/store-sql';
import type { Pool } from 'pg';
import { PG_ROWS, type PgTypes } from './pg-values.js';
import { rowToUser, type UserRow } from './user-row.js';

type ApiKeyRow = ApiKeyRowOf<PgTypes>;

const { apiKeyToRow, rowToApiKey } = PG_ROWS;

/** The columns an insert binds, in the order of its parameters. */
const COLUMNS = [
  'id',
  'owner_id',
  'created_by',
  'name',
  'secret_hash',
  'scopes',
  'account_ids',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;

/** The ApiKeyStore of a PostgreSQL database. */
export function createPostgresApiKeyStore(pool: Pool): ApiKeyStore {
  return {
    async insertApiKey(key) {
      const row = apiKeyToRow(key);
      await pool.query(
        `INSERT INTO api_keys (${COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        COLUMNS.map((column) => row[column]),
      );
    },
    async getApiKey(id) {
      const row = (await pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', [id])).rows[0];
      return row === undefined ? null : rowToApiKey(row);
    },
    async getApiKeyWithOwner(id) {
      // One round trip: the owner comes along as jsonb (null when the user row is gone).
      const result = await pool.query<ApiKeyRow & { owner: UserRow | null }>(
        `SELECT k.*, to_jsonb(u) AS owner FROM api_keys AS k
         LEFT JOIN users AS u ON u.id = k.owner_id
         WHERE k.id = $1`,
        [id],
      );
      const row = result.rows[0];
      if (row === undefined) return null;
      return { key: rowToApiKey(row), owner: row.owner === null ? null : rowToUser(row.owner) };
    },
    async listApiKeys(ownerId) {
      const result = await pool.query<ApiKeyRow>(
        'SELECT * FROM api_keys WHERE owner_id = $1 ORDER BY created_at, id',
        [ownerId],
      );
      return result.rows.map(rowToApiKey);
    },
    async revokeApiKey(id, at) {
      // One statement, so a concurrent revocation cannot slip between a read and a write;
      // COALESCE keeps the first revocation time.
      const result = await pool.query<ApiKeyRow>(
        'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 RETURNING *',
        [at, id],
      );
      const row = result.rows[0];
      return row === undefined ? null : rowToApiKey(row);
    },
    async recordApiKeyUse(id, at, unlessSince) {
      // Conditional, so servers sharing the database write a key's use once a minute between them.
      const result = await pool.query(
        'UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)',
        [at, id, unlessSince],
      );
      return (result.rowCount ?? 0) > 0;
    },
  };
}
