import type { SecondFactorStore } from '@svc/core';
import type { PasskeyRowOf, TotpRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { SQLITE_ROWS, type SqliteTypes } from './sql-values.js';

const { rowToTotp, passkeyToRow, rowToPasskey } = SQLITE_ROWS;

/**
 * The SecondFactorStore of a SQLite database. Each "use" is one conditional UPDATE under the
 * file's write lock, so of two processes given the same code only one changes the row.
 */
export function createSqliteSecondFactorStore(db: Database.Database): SecondFactorStore {
  const totp = db.prepare<[string], TotpRowOf<SqliteTypes>>('SELECT * FROM totp_secrets WHERE user_id = ?');
  const putUnconfirmed = db.prepare<[string, string]>(
    `INSERT INTO totp_secrets (user_id, sealed_secret, confirmed_at, last_step) VALUES (?, ?, NULL, -1)
     ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret WHERE confirmed_at IS NULL`,
  );
  const confirm = db.prepare<[number, number, string]>(
    'UPDATE totp_secrets SET confirmed_at = ?, last_step = ? WHERE user_id = ? AND confirmed_at IS NULL',
  );
  const dropCodes = db.prepare<[string]>('DELETE FROM recovery_codes WHERE user_id = ?');
  const addCode = db.prepare<[string, string]>(
    'INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)',
  );
  const confirmWithCodes = db.transaction(
    (userId: string, step: number, at: number, hashes: readonly string[]) => {
      if (confirm.run(at, step, userId).changes === 0) return false;
      dropCodes.run(userId);
      for (const hash of hashes) addCode.run(userId, hash);
      return true;
    },
  );
  const useStep = db.prepare<[number, string, number]>(
    'UPDATE totp_secrets SET last_step = ? WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?',
  );
  const useCode = db.prepare<[number, string, string]>(
    'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
  );
  const countCodes = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL',
  );
  const insertPasskey = db.prepare<[PasskeyRowOf<SqliteTypes>]>(
    `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at, last_used_at)
     VALUES (@id, @user_id, @public_key, @counter, @transports, @name, @created_at, @last_used_at)`,
  );
  const passkeysOf = db.prepare<[string], PasskeyRowOf<SqliteTypes>>(
    'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id',
  );
  const passkey = db.prepare<[string], PasskeyRowOf<SqliteTypes>>('SELECT * FROM passkeys WHERE id = ?');
  // A counter must grow, except for authenticators that keep none (0 then, and 0 again).
  const usePasskey = db.prepare<{ id: string; counter: number; at: number }>(
    `UPDATE passkeys SET counter = @counter, last_used_at = @at
     WHERE id = @id AND (counter < @counter OR (counter = 0 AND @counter = 0))`,
  );
  const removePasskey = db.prepare<[string, string]>('DELETE FROM passkeys WHERE id = ? AND user_id = ?');
  const removeAll = db.transaction(
    (userId: string) =>
      db.prepare('DELETE FROM totp_secrets WHERE user_id = ?').run(userId).changes +
      dropCodes.run(userId).changes +
      db.prepare('DELETE FROM passkeys WHERE user_id = ?').run(userId).changes,
  );
  return {
    async getTotp(userId) {
      const row = totp.get(userId);
      return row === undefined ? null : rowToTotp(row);
    },
    async putUnconfirmedTotp(userId, sealedSecret) {
      return putUnconfirmed.run(userId, sealedSecret).changes > 0;
    },
    async confirmTotp(userId, step, at, hashes) {
      return confirmWithCodes(userId, step, at.getTime(), hashes);
    },
    async useTotpStep(userId, step) {
      return useStep.run(step, userId, step).changes > 0;
    },
    async useRecoveryCode(userId, codeHash, at) {
      return useCode.run(at.getTime(), userId, codeHash).changes > 0;
    },
    async countRecoveryCodes(userId) {
      return countCodes.get(userId)?.n ?? 0;
    },
    async addPasskey(value) {
      insertPasskey.run(passkeyToRow(value));
    },
    async listPasskeys(userId) {
      return passkeysOf.all(userId).map(rowToPasskey);
    },
    async getPasskey(id) {
      const row = passkey.get(id);
      return row === undefined ? null : rowToPasskey(row);
    },
    async usePasskey(id, counter, at) {
      return usePasskey.run({ id, counter, at: at.getTime() }).changes > 0;
    },
    async removePasskey(userId, id) {
      return removePasskey.run(id, userId).changes > 0;
    },
    async removeAll(userId) {
      return removeAll(userId);
    },
  };
}
