import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import type { User } from './user.js';

/** The plan state that counts at a moment: a trial past its end date is expired. */
export type PlanState = 'trial' | 'paid' | 'expired';

/** The plan state of a user at `now`. */
export function planStateAt(user: User, now: Date): PlanState {
  if (user.plan.kind === 'trial') return user.plan.endsAt.getTime() > now.getTime() ? 'trial' : 'expired';
  return user.plan.kind;
}

/**
 * Whether the user's plan entitles them to create posts, upload media and call tools: a live
 * trial, a paid plan, or the beta-tester flag, which overrides the payment tier (spec section 1).
 */
export function isEntitled(user: User, now: Date): boolean {
  return user.betaTester || planStateAt(user, now) !== 'expired';
}

/**
 * Whether the user may use the API at all. Refused only for users an operator disabled; users
 * whose plan expired keep read access to their own posts and accounts (docs/plans.md).
 */
export function checkApiAccess(user: User): Result<User, SvcError> {
  return user.apiAccessDisabled
    ? err(svcError('api_access_disabled', 'API access is disabled for this account. Contact the operator.'))
    : ok(user);
}

/** What a lapsed plan stops: each refusal names its own. */
export type LapsedAction = 'schedule' | 'upload' | 'tools';

const STOPPED: Readonly<Record<LapsedAction, string>> = {
  schedule: 'new posts cannot be scheduled',
  upload: 'media cannot be uploaded or imported',
  tools: 'agent tools cannot be used',
};

/**
 * The words of a refusal for a lapsed plan. On a self-hosted server nobody can buy a plan: the
 * operator changes it, so the message says whom to ask and with which command, and what still works.
 */
export function lapsedPlanMessage(user: User, action: LapsedAction): string {
  const lapsed = user.plan.kind === 'trial' ? 'Your trial has ended' : 'Your plan has expired';
  return `${lapsed}, so ${STOPPED[action]}. Ask the operator of this server to change your plan (svc users set-plan); reading your posts and accounts still works.`;
}

/** Whether a refusal's code is one of a lapsed plan's (surfaces add what still works and whom to ask). */
export function isPlanRefusal(code: string): boolean {
  return code === 'plan_required' || code === 'upload_plan_required';
}

/** Whether the user may create or schedule posts through the REST API. */
export function checkCanSchedule(user: User, now: Date): Result<User, SvcError> {
  return isEntitled(user, now)
    ? ok(user)
    : err(svcError('plan_required', lapsedPlanMessage(user, 'schedule')));
}

/** Whether the user may upload or import media (spec: refused only for expired accounts). */
export function checkCanUpload(user: User, now: Date): Result<User, SvcError> {
  return isEntitled(user, now)
    ? ok(user)
    : err(svcError('upload_plan_required', lapsedPlanMessage(user, 'upload')));
}

/** Whether the user may call agent tools; an expired plan gets `plan_required` (HTTP 403). */
export function checkCanUseTools(user: User, now: Date): Result<User, SvcError> {
  return isEntitled(user, now) ? ok(user) : err(svcError('plan_required', lapsedPlanMessage(user, 'tools')));
}

/** Numeric limits of a plan. The spec leaves the values open; they are configurable. */
export type PlanLimits = {
  /** Posts (rows, after fan-out) a user may schedule per calendar month, UTC; deleting one does not give it back. */
  readonly postsPerMonth: number;
  /** Bytes of media a user may keep in storage. */
  readonly storageBytes: number;
};

/** Limits for trial users and paid users; beta testers get the paid limits whatever their plan. */
export type PlanLimitsTable = Readonly<Record<'trial' | 'paid', PlanLimits>>;

const GIB = 1024 * 1024 * 1024;

/** Default plan limits (docs/plans.md). */
export const DEFAULT_PLAN_LIMITS: PlanLimitsTable = {
  trial: { postsPerMonth: 100, storageBytes: 2 * GIB },
  paid: { postsPerMonth: 2000, storageBytes: 25 * GIB },
};

/** The limits that apply to a user at `now`. */
export function limitsFor(user: User, now: Date, table: PlanLimitsTable = DEFAULT_PLAN_LIMITS): PlanLimits {
  return user.betaTester || planStateAt(user, now) === 'paid' ? table.paid : table.trial;
}

/** Start of the quota window containing `now`: the first instant of its calendar month, UTC. */
export function quotaWindowStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The scheduling quota a write of posts is held to: so many posts in the window starting then. */
export type PostQuota = { readonly limit: number; readonly windowStart: Date };

/** The user's scheduling quota at `now`: their plan's posts per month, in the current month. */
export function postQuotaOf(user: User, now: Date, table: PlanLimitsTable = DEFAULT_PLAN_LIMITS): PostQuota {
  return { limit: limitsFor(user, now, table).postsPerMonth, windowStart: quotaWindowStart(now) };
}
