import type { Plan, User, UserStore } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, flagFromSql, flagToSql, jsonFromSql, jsonToSql } from './sql-values.js';

type UserRow = {
  id: string;
  email: string;
  plan: string;
  beta_tester: number;
  api_access_disabled: number;
  created_at: number;
  updated_at: number;
};

/** A plan as stored in JSON: the trial's end date as epoch milliseconds, like every other date. */
type StoredPlan = { kind: 'trial'; endsAt: number } | { kind: 'paid' } | { kind: 'expired' };

function planToSql(plan: Plan): string {
  const stored: StoredPlan = plan.kind === 'trial' ? { kind: 'trial', endsAt: dateToSql(plan.endsAt) } : plan;
  return jsonToSql(stored);
}

function planFromSql(text: string): Plan {
  const stored = jsonFromSql<StoredPlan>(text);
  return stored.kind === 'trial'
    ? { kind: 'trial', endsAt: dateFromSql(stored.endsAt) }
    : { kind: stored.kind };
}

function userToRow(user: User): UserRow {
  return {
    id: user.id,
    email: user.email,
    plan: planToSql(user.plan),
    beta_tester: flagToSql(user.betaTester),
    api_access_disabled: flagToSql(user.apiAccessDisabled),
    created_at: dateToSql(user.createdAt),
    updated_at: dateToSql(user.updatedAt),
  };
}

function rowToUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    plan: planFromSql(row.plan),
    betaTester: flagFromSql(row.beta_tester),
    apiAccessDisabled: flagFromSql(row.api_access_disabled),
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
  };
}

/** The UserStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteUserStore(db: Database.Database): UserStore {
  // Only an email clash is an expected outcome; a duplicate id is a fault and throws.
  const insertUser = db.prepare<[UserRow]>(
    `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, created_at, updated_at)
     VALUES (@id, @email, @plan, @beta_tester, @api_access_disabled, @created_at, @updated_at)
     ON CONFLICT (email) DO NOTHING`,
  );
  const selectById = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const selectByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');

  return {
    async insertUser(user) {
      return insertUser.run(userToRow(user)).changes === 1 ? 'inserted' : 'email_taken';
    },
    async getUser(id) {
      const row = selectById.get(id);
      return row === undefined ? null : rowToUser(row);
    },
    async getUserByEmail(email) {
      const row = selectByEmail.get(email);
      return row === undefined ? null : rowToUser(row);
    },
  };
}
