import type { ApiKeyStore } from '@svc/core';
import type { ApiKeyRowOf } from '@svc/store-sql';
import type { Pool } from 'pg';
import { idTable } from './id-table.js';
import { PG_ROWS, type PgTypes } from './pg-values.js';
import { rowToUser, type UserRow } from './user-row.js';

type ApiKeyRow = ApiKeyRowOf<PgTypes>;

const { rowToApiKey } = PG_ROWS;

/** The ApiKeyStore of a PostgreSQL database. */
export function createPostgresApiKeyStore(pool: Pool): ApiKeyStore {
  const keys = idTable(pool, 'api_keys', PG_ROWS.apiKeyToRow, rowToApiKey);
  return {
    insertApiKey: keys.insert,
    getApiKey: keys.get,
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
    listApiKeys: (ownerId) =>
      keys.many('SELECT * FROM api_keys WHERE owner_id = $1 ORDER BY created_at, id', [ownerId]),
    async revokeApiKey(id, at) {
      // One statement, so a concurrent revocation cannot slip between a read and a write;
      // COALESCE keeps the first revocation time.
      return keys.one('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 RETURNING *', [
        at,
        id,
      ]);
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
