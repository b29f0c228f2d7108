import type { UserStore } from '@svc/core';
import type Database from 'better-sqlite3';
import type { CredentialCache } from './credential-cache.js';
import { planToSql, rowToUser, type UserRow, userToRow } from './user-row.js';

/** The UserStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteUserStore(db: Database.Database, credentials: CredentialCache): UserStore {
  // Only an email clash is an expected outcome; a duplicate id is a fault and throws.
  const insertUser = db.prepare<[UserRow]>(
    `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, time_zone, created_at, updated_at)
     VALUES (@id, @email, @plan, @beta_tester, @api_access_disabled, @time_zone, @created_at, @updated_at)
     ON CONFLICT (email) DO NOTHING`,
  );
  const selectById = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const selectByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const updatePassword = db.prepare<[string, number, string]>(
    'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?',
  );
  const updateTimeZone = db.prepare<[string, number, string]>(
    'UPDATE users SET time_zone = ?, updated_at = ? WHERE id = ?',
  );
  const updatePlan = db.prepare<[string, number, string]>(
    'UPDATE users SET plan = ?, updated_at = ? WHERE id = ?',
  );
  const selectPassword = db.prepare<[string], { password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = ?',
  );

  return {
    async insertUser(user) {
      const inserted = insertUser.run(userToRow(user)).changes === 1;
      // A key whose owner was missing may now have one.
      if (inserted) credentials.clear();
      return inserted ? 'inserted' : 'email_taken';
    },
    async getUser(id) {
      const row = selectById.get(id);
      return row === undefined ? null : rowToUser(row);
    },
    async getUserByEmail(email) {
      const row = selectByEmail.get(email);
      return row === undefined ? null : rowToUser(row);
    },
    async setPasswordHash(userId, hash, at) {
      const updated = updatePassword.run(hash, at.getTime(), userId).changes === 1;
      // Cached credentials hold the user as it was.
      if (updated) credentials.clear();
      return updated;
    },
    async setTimeZone(userId, timeZone, at) {
      const updated = updateTimeZone.run(timeZone, at.getTime(), userId).changes === 1;
      // Cached credentials hold the user as it was.
      if (updated) credentials.clear();
      return updated;
    },
    async setPlan(userId, plan, at) {
      const updated = updatePlan.run(planToSql(plan), at.getTime(), userId).changes === 1;
      // Cached credentials hold the user as it was.
      if (updated) credentials.clear();
      return updated;
    },
    async getPasswordHash(userId) {
      return selectPassword.get(userId)?.password_hash ?? null;
    },
  };
}
