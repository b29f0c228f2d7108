import type { OAuthStore } from '@svc/core';
import { type OAuthRowOf, type OAuthUpsertRowOf, upsertOAuthSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { NAMED, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

type OAuthRow = OAuthRowOf<SqliteTypes> & {
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
};

const { oauthToRow, rowToOAuthRecord: rowToRecord } = SQLITE_ROWS;

/** The OAuthStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteOAuthStore(db: Database.Database): OAuthStore {
  const upsert = db.prepare<[OAuthUpsertRowOf<SqliteTypes>]>(upsertOAuthSql(NAMED));
  const select = db.prepare<[string, string], OAuthRow>(
    'SELECT * FROM oauth_records WHERE kind = ? AND id = ?',
  );
  const selectByUid = db.prepare<[string, string], OAuthRow>(
    'SELECT * FROM oauth_records WHERE kind = ? AND uid = ? LIMIT 1',
  );
  const selectByUserCode = db.prepare<[string, string], OAuthRow>(
    'SELECT * FROM oauth_records WHERE kind = ? AND user_code = ? LIMIT 1',
  );
  const selectByAccount = db.prepare<[string, string], OAuthRow>(
    'SELECT * FROM oauth_records WHERE kind = ? AND account_id = ? ORDER BY id',
  );
  const consume = db.prepare<[number, string, string]>(
    'UPDATE oauth_records SET consumed_at = ? WHERE kind = ? AND id = ? AND consumed_at IS NULL',
  );
  // Conditional, so servers sharing the database write a use once a minute between them.
  const recordUse = db.prepare<[number, string, string, number]>(
    `UPDATE oauth_records SET last_used_at = ? WHERE kind = ? AND id = ?
       AND (last_used_at IS NULL OR last_used_at < ?)`,
  );
  const destroy = db.prepare<[string, string]>('DELETE FROM oauth_records WHERE kind = ? AND id = ?');
  const revoke = db.prepare<[string, string]>('DELETE FROM oauth_records WHERE kind = ? AND grant_id = ?');
  const sweep = db.prepare<[number]>('DELETE FROM oauth_records WHERE expires_at < ?');
  const found = (row: OAuthRow | undefined) => (row === undefined ? null : rowToRecord(row));

  return {
    async upsert(kind, id, payload, expiresAt) {
      upsert.run(oauthToRow({ kind, id, payload, expiresAt }));
    },
    async find(kind, id) {
      return found(select.get(kind, id));
    },
    async findByUid(kind, uid) {
      return found(selectByUid.get(kind, uid));
    },
    async findByUserCode(kind, userCode) {
      return found(selectByUserCode.get(kind, userCode));
    },
    async listByAccount(kind, accountId) {
      return selectByAccount.all(kind, accountId).map(rowToRecord);
    },
    async recordUse(kind, id, at, unlessSince) {
      return recordUse.run(at.getTime(), kind, id, unlessSince.getTime()).changes > 0;
    },
    async consume(kind, id, at) {
      consume.run(at.getTime(), kind, id);
    },
    async destroy(kind, id) {
      destroy.run(kind, id);
    },
    async revokeByGrantId(kind, grantId) {
      revoke.run(kind, grantId);
    },
    async deleteExpired(now) {
      return sweep.run(now.getTime()).changes;
    },
  };
}
