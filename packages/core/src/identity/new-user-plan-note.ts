import type { NewUserPlanSetting, PlanChoice } from './new-user-plan.js';
import type { User } from './user.js';

/**
 * What an operator is told about a new user's plan when the install's setting chose it (no plan
 * and no trial length given), so one following the README learns what the user got and that it
 * is theirs to change; null when the operator chose.
 */
export function newUserPlanNote(choice: PlanChoice, user: User, setting: NewUserPlanSetting): string | null {
  if (choice.plan !== undefined || choice.trialDays !== undefined) return null;
  return user.plan.kind === 'trial'
    ? `No --plan given: a trial of ${setting.trialDays} days, this install's plan for new users (SVC_DEFAULT_PLAN=trial). It ends at ${user.plan.endsAt.toISOString()}; after that, scheduling, uploads and agent tools are refused until svc users set-plan changes the plan.`
    : "No --plan given: paid, this install's plan for new users (SVC_DEFAULT_PLAN, paid on a self-hosted install): no end date, the paid limits. svc users set-plan changes it.";
}
