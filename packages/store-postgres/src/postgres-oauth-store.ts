import type { OAuthStore } from '@svc/core';
import { OAUTH_UPSERT_COLUMNS, type OAuthRowOf, upsertOAuthSql } from '@svc/store-sql';
import type { Pool } from 'pg';
import { oneRow } from './one-row.js';
import { PG_ROWS, type PgTypes, POSITIONAL, paramsIn } from './pg-values.js';

type OAuthRow = OAuthRowOf<PgTypes>;

const { rowToOAuthRecord: rowToRecord } = PG_ROWS;

const UPSERT_SQL = upsertOAuthSql(POSITIONAL);

const upsertParams = paramsIn(OAUTH_UPSERT_COLUMNS, PG_ROWS.oauthToRow);

const COLUMNS = 'kind, id, payload, expires_at, consumed_at, last_used_at';

/** The OAuthStore of a PostgreSQL database. */
export function createPostgresOAuthStore(pool: Pool): OAuthStore {
  const one = oneRow(pool, rowToRecord);
  return {
    async upsert(kind, id, payload, expiresAt) {
      await pool.query(UPSERT_SQL, upsertParams({ kind, id, payload, expiresAt }));
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
