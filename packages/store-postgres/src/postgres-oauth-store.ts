import type { OAuthRecord, OAuthStore } from '@svc/core';
import type { Pool } from 'pg';
import { jsonParam } from './pg-values.js';

type OAuthRow = {
  kind: string;
  id: string;
  payload: Record<string, unknown>;
  expires_at: Date | null;
  consumed_at: Date | null;
  last_used_at: Date | null;
};

function rowToRecord(row: OAuthRow): OAuthRecord {
  return {
    kind: row.kind,
    id: row.id,
    payload: row.payload,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
    lastUsedAt: row.last_used_at,
  };
}

/** A payload field the store indexes, when it is a string. */
function indexed(payload: Record<string, unknown>, field: string): string | null {
  const value = payload[field];
  return typeof value === 'string' ? value : null;
}

const COLUMNS = 'kind, id, payload, expires_at, consumed_at, last_used_at';

/** The OAuthStore of a PostgreSQL database. */
export function createPostgresOAuthStore(pool: Pool): OAuthStore {
  const one = async (sql: string, params: unknown[]) => {
    const row = (await pool.query<OAuthRow>(sql, params)).rows[0];
    return row === undefined ? null : rowToRecord(row);
  };
  return {
    async upsert(kind, id, payload, expiresAt) {
      await pool.query(
        `INSERT INTO oauth_records (kind, id, payload, grant_id, uid, user_code, expires_at, consumed_at, account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)
         ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           uid = excluded.uid, user_code = excluded.user_code, account_id = excluded.account_id,
           expires_at = excluded.expires_at, consumed_at = NULL`,
        [
          kind,
          id,
          jsonParam(payload),
          indexed(payload, 'grantId'),
          indexed(payload, 'uid'),
          indexed(payload, 'userCode'),
          expiresAt,
          indexed(payload, 'accountId'),
        ],
      );
    },
    async find(kind, id) {
      return one(`SELECT ${COLUMNS} FROM oauth_records WHERE kind = $1 AND id = $2`, [kind, id]);
    },
    async findByUid(kind, uid) {
      return one(`SELECT ${COLUMNS} FROM oauth_records WHERE kind = $1 AND uid = $2 LIMIT 1`, [kind, uid]);
    },
    async findByUserCode(kind, userCode) {
      return one(`SELECT ${COLUMNS} FROM oauth_records WHERE kind = $1 AND user_code = $2 LIMIT 1`, [
        kind,
        userCode,
      ]);
    },
    async listByAccount(kind, accountId) {
      const result = await pool.query<OAuthRow>(
        `SELECT ${COLUMNS} FROM oauth_records WHERE kind = $1 AND account_id = $2 ORDER BY id`,
        [kind, accountId],
      );
      return result.rows.map(rowToRecord);
    },
    async recordUse(kind, id, at, unlessSince) {
      // Conditional, so servers sharing the database write a use once a minute between them.
      const result = await pool.query(
        `UPDATE oauth_records SET last_used_at = $1 WHERE kind = $2 AND id = $3
           AND (last_used_at IS NULL OR last_used_at < $4)`,
        [at, kind, id, unlessSince],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async consume(kind, id, at) {
      await pool.query(
        'UPDATE oauth_records SET consumed_at = $1 WHERE kind = $2 AND id = $3 AND consumed_at IS NULL',
        [at, kind, id],
      );
    },
    async destroy(kind, id) {
      await pool.query('DELETE FROM oauth_records WHERE kind = $1 AND id = $2', [kind, id]);
    },
    async revokeByGrantId(kind, grantId) {
      await pool.query('DELETE FROM oauth_records WHERE kind = $1 AND grant_id = $2', [kind, grantId]);
    },
    async deleteExpired(now) {
      return (await pool.query('DELETE FROM oauth_records WHERE expires_at < $1', [now])).rowCount ?? 0;
    },
  };
}
