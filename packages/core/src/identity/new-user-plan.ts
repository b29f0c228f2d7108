import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import type { Plan, PlanKind } from './user.js';

const DAY_MS = 86_400_000;

/** The longest trial, in days: far enough for any real use, short of dates that stop being dates. */
export const MAX_TRIAL_DAYS = 36_500;

/** The plans an install may give new users by default; `expired` would lock every new user out. */
export const DEFAULT_PLAN_KINDS = ['paid', 'trial'] as const;

/** A plan an install may give new users by default. */
export type DefaultPlanKind = (typeof DEFAULT_PLAN_KINDS)[number];

/** What an install gives a new user whose operator names no plan (the server's configuration). */
export type NewUserPlanSetting = {
  readonly plan: DefaultPlanKind;
  /** Length in days of the default trial, and of a trial chosen without a length. */
  readonly trialDays: number;
};

/**
 * The default of a self-hosted install: its operator decides plans, so a new user starts on the
 * paid plan (no end date, the paid limits) rather than on a trial nobody will end for them.
 */
export const DEFAULT_NEW_USER_PLAN: NewUserPlanSetting = { plan: 'paid', trialDays: 14 };

/** An operator's choice of plan for one user; what is left out comes from the install's setting. */
export type PlanChoice = {
  readonly plan?: PlanKind | undefined;
  /** Length of a trial in days; given alone, it asks for a trial. */
  readonly trialDays?: number | undefined;
};

/** The plan a choice stands for, and whether the install's setting decided its kind. */
export type ChosenPlan = { readonly plan: Plan; readonly fromSetting: boolean };

/**
 * The plan an operator's choice stands for at `now`: the plan named, else a trial when only a
 * length is given, else the install's setting. A trial ends whole days after `now`; a length given
 * with a plan that is not a trial is ignored (there is nothing for it to end).
 */
export function chosenPlan(
  choice: PlanChoice,
  setting: NewUserPlanSetting,
  now: Date,
): Result<ChosenPlan, SvcError> {
  const fromSetting = choice.plan === undefined && choice.trialDays === undefined;
  const kind = choice.plan ?? (choice.trialDays === undefined ? setting.plan : 'trial');
  if (kind !== 'trial') return ok({ plan: { kind }, fromSetting });
  const days = choice.trialDays ?? setting.trialDays;
  if (!Number.isInteger(days) || days < 1 || days > MAX_TRIAL_DAYS) {
    return err(
      svcError('validation_failed', `A trial lasts a whole number of days, from 1 to ${MAX_TRIAL_DAYS}.`, {
        field: 'trialDays',
      }),
    );
  }
  return ok({ plan: { kind: 'trial', endsAt: new Date(now.getTime() + days * DAY_MS) }, fromSetting });
}
