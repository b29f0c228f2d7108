import type { UserStore } from '@svc/core';
import { insertSql, MEMBER_COLUMNS, personalWorkspaceSql } from '@svc/store-sql';
import type { Pool } from 'pg';
import { oneRow } from './one-row.js';
import { PG_ROWS, POSITIONAL } from './pg-values.js';
import { planParam, rowToUser } from './user-row.js';
import { withTransaction } from './with-transaction.js';

// The user's personal workspace and owner membership, written in the user's transaction.
const PERSONAL_WORKSPACE_SQL = personalWorkspaceSql('$1');
const INSERT_MEMBER_SQL = insertSql('workspace_members', MEMBER_COLUMNS, POSITIONAL);

/** The UserStore of a PostgreSQL database. */
export function createPostgresUserStore(pool: Pool): UserStore {
  const one = oneRow(pool, rowToUser);
  // One column of a user's row set, with its updated_at; whether the user exists.
  const setColumn = async (
    column: 'password_hash' | 'time_zone' | 'plan',
    value: unknown,
    userId: string,
    at: Date,
  ) => {
    const result = await pool.query(`UPDATE users SET ${column} = $1, updated_at = $2 WHERE id = $3`, [
      value,
      at,
      userId,
    ]);
    return result.rowCount === 1;
  };
  return {
    async insertUser(user, joining) {
      // Only an email clash is an expected outcome; a duplicate id is a fault and throws.
      return withTransaction(pool, async (client) => {
        const result = await client.query(
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
        if (result.rowCount !== 1) return 'email_taken';
        for (const sql of PERSONAL_WORKSPACE_SQL) await client.query(sql, [user.id]);
        if (joining !== undefined) {
          const at = user.createdAt;
          const row = PG_ROWS.memberToRow({ ...joining, userId: user.id, createdAt: at, updatedAt: at });
          await client.query(
            INSERT_MEMBER_SQL,
            MEMBER_COLUMNS.map((c) => row[c]),
          );
        }
        return 'inserted';
      });
    },
    async getUser(id) {
      return one('SELECT * FROM users WHERE id = $1', [id]);
    },
    async getUserByEmail(email) {
      return one('SELECT * FROM users WHERE email = $1', [email]);
    },
    async setPasswordHash(userId, hash, at) {
      return setColumn('password_hash', hash, userId, at);
    },
    async setTimeZone(userId, timeZone, at) {
      return setColumn('time_zone', timeZone, userId, at);
    },
    async setPlan(userId, plan, at) {
      return setColumn('plan', planParam(plan), userId, at);
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
