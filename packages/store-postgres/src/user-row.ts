import type { Plan, User } from '@svc/core';
import { dateFromPg, jsonParam } from './pg-values.js';

/**
 * A `users` row as pg reads it. Dates may be JSON text when the row arrives as jsonb (read
 * together with an API key), hence `Date | string`.
 */
export type UserRow = {
  id: string;
  email: string;
  plan: StoredPlan;
  beta_tester: boolean;
  api_access_disabled: boolean;
  time_zone: string;
  created_at: Date | string;
  updated_at: Date | string;
};

/** A plan as stored in jsonb: the trial's end date as epoch milliseconds. */
type StoredPlan = { kind: 'trial'; endsAt: number } | { kind: 'paid' } | { kind: 'expired' };

/** The jsonb parameter that stores a plan. */
export function planParam(plan: Plan): string {
  const stored: StoredPlan = plan.kind === 'trial' ? { kind: 'trial', endsAt: plan.endsAt.getTime() } : plan;
  return jsonParam(stored);
}

function planFromPg(stored: StoredPlan): Plan {
  return stored.kind === 'trial' ? { kind: 'trial', endsAt: new Date(stored.endsAt) } : { kind: stored.kind };
}

/** The user a row stores. */
export function rowToUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    plan: planFromPg(row.plan),
    betaTester: row.beta_tester,
    apiAccessDisabled: row.api_access_disabled,
    timeZone: row.time_zone,
    createdAt: dateFromPg(row.created_at),
    updatedAt: dateFromPg(row.updated_at),
  };
}
