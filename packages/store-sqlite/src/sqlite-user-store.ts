import type { MemberRights, UserStore } from '@svc/core';
import { insertSql, MEMBER_COLUMNS, personalWorkspaceSql } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import type { CredentialCache } from './credential-cache.js';
import { NAMED, SQLITE_ROWS } from './sql-values.js';
import { planToSql, rowToUser, type UserRow, userToRow } from './user-row.js';

/** The UserStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteUserStore(db: Database.Database, credentials: CredentialCache): UserStore {
  // Only an email clash is an expected outcome; a duplicate id is a fault and throws.
  const insertUser = db.prepare<[UserRow]>(
    `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, time_zone, created_at, updated_at)
     VALUES (@id, @email, @plan, @beta_tester, @api_access_disabled, @time_zone, @created_at, @updated_at)
     ON CONFLICT (email) DO NOTHING`,
  );
  // The user's personal workspace and owner membership, written in the user's transaction.
  const personal = personalWorkspaceSql('?').map((sql) => db.prepare<[string]>(sql));
  const insertMember = db.prepare(insertSql('workspace_members', MEMBER_COLUMNS, NAMED));
  const insertWithWorkspace = db.transaction((row: UserRow, joining: MemberRights | undefined): boolean => {
    if (insertUser.run(row).changes !== 1) return false;
    for (const statement of personal) statement.run(row.id);
    if (joining !== undefined) {
      const at = new Date(row.created_at);
      insertMember.run(SQLITE_ROWS.memberToRow({ ...joining, userId: row.id, createdAt: at, updatedAt: at }));
    }
    return true;
  });
  const selectById = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const selectByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  // One column of a user's row, set with its updated_at.
  const updateColumn = (column: 'password_hash' | 'time_zone' | 'plan') =>
    db.prepare<[string, number, string]>(`UPDATE users SET ${column} = ?, updated_at = ? WHERE id = ?`);
  const updatePassword = updateColumn('password_hash');
  const updateTimeZone = updateColumn('time_zone');
  const updatePlan = updateColumn('plan');
  // Whether the user exists; cached credentials hold the user as it was, so they go when it changed.
  const update = (
    statement: Database.Statement<[string, number, string]>,
    value: string,
    userId: string,
    at: Date,
  ) => {
    const updated = statement.run(value, at.getTime(), userId).changes === 1;
    if (updated) credentials.clear();
    return updated;
  };
  const selectPassword = db.prepare<[string], { password_hash: string | null }>(
    'SELECT password_hash FROM users WHERE id = ?',
  );

  return {
    async insertUser(user, joining) {
      const inserted = insertWithWorkspace(userToRow(user), joining);
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
      return update(updatePassword, hash, userId, at);
    },
    async setTimeZone(userId, timeZone, at) {
      return update(updateTimeZone, timeZone, userId, at);
    },
    async setPlan(userId, plan, at) {
      return update(updatePlan, planToSql(plan), userId, at);
    },
    async getPasswordHash(userId) {
      return selectPassword.get(userId)?.password_hash ?? null;
    },
  };
}
