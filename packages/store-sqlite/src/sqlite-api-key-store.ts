import type { ApiKeyStore } from '@svc/core';
import type { ApiKeyRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import type { CredentialCache } from './credential-cache.js';
import { dateToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';
import { rowToUser, type UserRow } from './user-row.js';

type ApiKeyRow = ApiKeyRowOf<SqliteTypes>;

const { apiKeyToRow, rowToApiKey } = SQLITE_ROWS;

/** The ApiKeyStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteApiKeyStore(db: Database.Database, credentials: CredentialCache): ApiKeyStore {
  const insertKey = db.prepare<[ApiKeyRow]>(
    `INSERT INTO api_keys (id, owner_id, created_by, name, secret_hash, scopes, account_ids, created_at, expires_at, revoked_at, last_used_at)
     VALUES (@id, @owner_id, @created_by, @name, @secret_hash, @scopes, @account_ids, @created_at, @expires_at, @revoked_at, @last_used_at)`,
  );
  const selectKey = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?');
  // Two primary-key reads, not a join: in SQLite 3.54 the joined read cost six times as much.
  const selectOwner = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const selectOwnerKeys = db.prepare<[string], ApiKeyRow>(
    'SELECT * FROM api_keys WHERE owner_id = ? ORDER BY created_at, id',
  );
  // One statement, so a concurrent revocation cannot slip between a read and a write; COALESCE
  // keeps the first revocation time.
  const revokeKey = db.prepare<[number, string], ApiKeyRow>(
    'UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? RETURNING *',
  );
  // Conditional, so servers sharing the database write a key's use once a minute between them.
  const recordUse = db.prepare<[number, string, number]>(
    'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
  );

  return {
    async insertApiKey(key) {
      insertKey.run(apiKeyToRow(key));
      credentials.clear();
    },
    async getApiKey(id) {
      const row = selectKey.get(id);
      return row === undefined ? null : rowToApiKey(row);
    },
    async getApiKeyWithOwner(id) {
      const cached = credentials.get(id);
      if (cached !== undefined) return cached;
      const row = selectKey.get(id);
      if (row === undefined) return null;
      const owner = selectOwner.get(row.owner_id);
      const read = { key: rowToApiKey(row), owner: owner === undefined ? null : rowToUser(owner) };
      credentials.set(id, read);
      return read;
    },
    async listApiKeys(ownerId) {
      return selectOwnerKeys.all(ownerId).map(rowToApiKey);
    },
    async revokeApiKey(id, at) {
      const row = revokeKey.get(dateToSql(at), id);
      credentials.clear();
      return row === undefined ? null : rowToApiKey(row);
    },
    async recordApiKeyUse(id, at, unlessSince) {
      const written = recordUse.run(dateToSql(at), id, dateToSql(unlessSince)).changes > 0;
      // Our own writes leave data_version alone: the cached read must learn the new time, or the
      // next call would try to write it again.
      const cached = credentials.get(id);
      if (written && cached !== undefined) {
        credentials.set(id, { key: { ...cached.key, lastUsedAt: at }, owner: cached.owner });
      }
      return written;
    },
  };
}
