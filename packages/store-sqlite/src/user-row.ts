import type { Plan, User } from '@svc/core';
import { dateFromSql, dateToSql, flagFromSql, flagToSql, jsonFromSql, jsonToSql } from './sql-values.js';

/** A `users` row as better-sqlite3 reads and binds it. */
export type UserRow = {
  id: string;
  email: string;
  plan: string;
  beta_tester: number;
  api_access_disabled: number;
  time_zone: string;
  created_at: number;
  updated_at: number;
};

/** A plan as stored in JSON: the trial's end date as epoch milliseconds, like every other date. */
type StoredPlan = { kind: 'trial'; endsAt: number } | { kind: 'paid' } | { kind: 'expired' };

/** The JSON text that stores a plan. */
export function planToSql(plan: Plan): string {
  const stored: StoredPlan = plan.kind === 'trial' ? { kind: 'trial', endsAt: dateToSql(plan.endsAt) } : plan;
  return jsonToSql(stored);
}

function planFromSql(text: string): Plan {
  const stored = jsonFromSql<StoredPlan>(text);
  return stored.kind === 'trial'
    ? { kind: 'trial', endsAt: dateFromSql(stored.endsAt) }
    : { kind: stored.kind };
}

/** The row that stores a user. */
export function userToRow(user: User): UserRow {
  return {
    id: user.id,
    email: user.email,
    plan: planToSql(user.plan),
    beta_tester: flagToSql(user.betaTester),
    api_access_disabled: flagToSql(user.apiAccessDisabled),
    time_zone: user.timeZone,
    created_at: dateToSql(user.createdAt),
    updated_at: dateToSql(user.updatedAt),
  };
}

/** The user a row stores. */
export function rowToUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    plan: planFromSql(row.plan),
    betaTester: flagFromSql(row.beta_tester),
    apiAccessDisabled: flagFromSql(row.api_access_disabled),
    timeZone: row.time_zone,
    createdAt: dateFromSql(row.created_at),
    updatedAt: dateFromSql(row.updated_at),
  };
}
