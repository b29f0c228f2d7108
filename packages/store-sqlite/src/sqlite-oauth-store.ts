import type { OAuthRecord, OAuthStore } from '@svc/core';
import type Database from 'better-sqlite3';
import { jsonFromSql, jsonToSql, nullableDateFromSql, nullableDateToSql } from './sql-values.js';

type OAuthRow = {
  kind: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  expires_at: number | null;
  consumed_at: number | null;
  last_used_at: number | null;
};

function rowToRecord(row: OAuthRow): OAuthRecord {
  return {
    kind: row.kind,
    id: row.id,
    payload: jsonFromSql<Record<string, unknown>>(row.payload),
    expiresAt: nullableDateFromSql(row.expires_at),
    consumedAt: nullableDateFromSql(row.consumed_at),
    lastUsedAt: nullableDateFromSql(row.last_used_at),
  };
}

/** A payload field the store indexes, when it is a string. */
function indexed(payload: Record<string, unknown>, field: string): string | null {
  const value = payload[field];
  return typeof value === 'string' ? value : null;
}

/** The OAuthStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteOAuthStore(db: Database.Database): OAuthStore {
  const upsert = db.prepare<[Omit<OAuthRow, 'last_used_at'>]>(
    `INSERT INTO oauth_records (kind, id, payload, grant_id, uid, user_code, account_id, expires_at, consumed_at)
     VALUES (@kind, @id, @payload, @grant_id, @uid, @user_code, @account_id, @expires_at, @consumed_at)
     ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       uid = excluded.uid, user_code = excluded.user_code, account_id = excluded.account_id,
       expires_at = excluded.expires_at, consumed_at = NULL`,
  );
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
      upsert.run({
        kind,
        id,
        payload: jsonToSql(payload),
        grant_id: indexed(payload, 'grantId'),
        uid: indexed(payload, 'uid'),
        user_code: indexed(payload, 'userCode'),
        account_id: indexed(payload, 'accountId'),
        expires_at: nullableDateToSql(expiresAt),
        consumed_at: null,
      });
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
