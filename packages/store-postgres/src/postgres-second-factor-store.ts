import type { SecondFactorStore } from '@svc/core';
import type { PasskeyRowOf, TotpRowOf } from '@svc/store-sql';
import type { Pool } from 'pg';
import { PG_ROWS, type PgTypes } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

const { rowToTotp, passkeyToRow, rowToPasskey } = PG_ROWS;

/**
 * The SecondFactorStore of a PostgreSQL database. Each "use" is one conditional UPDATE, which
 * locks the row: of two servers given the same code at once, the second finds it used.
 */
export function createPostgresSecondFactorStore(pool: Pool): SecondFactorStore {
  const changed = async (text: string, values: unknown[]) =>
    ((await pool.query(text, values)).rowCount ?? 0) > 0;
  return {
    async getTotp(userId) {
      const found = await pool.query<TotpRowOf<PgTypes>>('SELECT * FROM totp_secrets WHERE user_id = $1', [
        userId,
      ]);
      const row = found.rows[0];
      return row === undefined ? null : rowToTotp(row);
    },
    putUnconfirmedTotp: (userId, sealedSecret) =>
      changed(
        `INSERT INTO totp_secrets AS t (user_id, sealed_secret, confirmed_at, last_step) VALUES ($1, $2, NULL, -1)
         ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret WHERE t.confirmed_at IS NULL`,
        [userId, sealedSecret],
      ),
    confirmTotp: (userId, step, at, hashes) =>
      withTransaction(pool, async (client) => {
        const confirmed = await client.query(
          'UPDATE totp_secrets SET confirmed_at = $1, last_step = $2 WHERE user_id = $3 AND confirmed_at IS NULL',
          [at, step, userId],
        );
        if ((confirmed.rowCount ?? 0) === 0) return false;
        await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
        await client.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
          userId,
          [...hashes],
        ]);
        return true;
      }),
    useTotpStep: (userId, step) =>
      changed(
        'UPDATE totp_secrets SET last_step = $1 WHERE user_id = $2 AND confirmed_at IS NOT NULL AND last_step < $1',
        [step, userId],
      ),
    useRecoveryCode: (userId, codeHash, at) =>
      changed(
        'UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL',
        [at, userId, codeHash],
      ),
    async countRecoveryCodes(userId) {
      const found = await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [userId],
      );
      return found.rows[0]?.n ?? 0;
    },
    async addPasskey(value) {
      const row = passkeyToRow(value);
      await pool.query(
        `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          row.id,
          row.user_id,
          row.public_key,
          row.counter,
          row.transports,
          row.name,
          row.created_at,
          row.last_used_at,
        ],
      );
    },
    async listPasskeys(userId) {
      const found = await pool.query<PasskeyRowOf<PgTypes>>(
        'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      );
      return found.rows.map(rowToPasskey);
    },
    async getPasskey(id) {
      const found = await pool.query<PasskeyRowOf<PgTypes>>('SELECT * FROM passkeys WHERE id = $1', [id]);
      const row = found.rows[0];
      return row === undefined ? null : rowToPasskey(row);
    },
    // A counter must grow, except for authenticators that keep none (0 then, and 0 again).
    usePasskey: (id, counter, at) =>
      changed(
        `UPDATE passkeys SET counter = $2, last_used_at = $3
         WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0))`,
        [id, counter, at],
      ),
    removePasskey: (userId, id) =>
      changed('DELETE FROM passkeys WHERE id = $1 AND user_id = $2', [id, userId]),
    removeAll: (userId) =>
      withTransaction(pool, async (client) => {
        let removed = 0;
        for (const table of ['totp_secrets', 'recovery_codes', 'passkeys'])
          removed += (await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId])).rowCount ?? 0;
        return removed;
      }),
  };
}
