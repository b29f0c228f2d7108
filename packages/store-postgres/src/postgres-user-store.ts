import type { UserStore } from '@svc/core';
import type { Pool } from 'pg';
import { planParam, rowToUser, type UserRow } from './user-row.js';

/** The UserStore of a PostgreSQL database. */
export function createPostgresUserStore(pool: Pool): UserStore {
  const one = async (sql: string, value: string) => {
    const row = (await pool.query<UserRow>(sql, [value])).rows[0];
    return row === undefined ? null : rowToUser(row);
  };
  return {
    async insertUser(user) {
      // Only an email clash is an expected outcome; a duplicate id is a fault and throws.
      const result = await pool.query(
        `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, time_zone, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (email) DO NOTHING`,
        [
          user.id,
          user.email,
          planParam(user.plan),
          user.betaTester,
          user.apiAccessDisabled,
          user.timeZone,
          user.createdAt,
          user.updatedAt,
        ],
      );
      return result.rowCount === 1 ? 'inserted' : 'email_taken';
    },
    async getUser(id) {
      return one('SELECT * FROM users WHERE id = $1', id);
    },
    async getUserByEmail(email) {
      return one('SELECT * FROM users WHERE email = $1', email);
    },
    async setPasswordHash(userId, hash, at) {
      const result = await pool.query('UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3', [
        hash,
        at,
        userId,
      ]);
      return result.rowCount === 1;
    },
    async setTimeZone(userId, timeZone, at) {
      const result = await pool.query('UPDATE users SET time_zone = $1, updated_at = $2 WHERE id = $3', [
        timeZone,
        at,
        userId,
      ]);
      return result.rowCount === 1;
    },
    async setPlan(userId, plan, at) {
      const result = await pool.query('UPDATE users SET plan = $1, updated_at = $2 WHERE id = $3', [
        planParam(plan),
        at,
        userId,
      ]);
      return result.rowCount === 1;
    },
    async getPasswordHash(userId) {
      const row = (
        await pool.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [
          userId,
        ])
      ).rows[0];
      return row?.password_hash ?? null;
    },
  };
}
