import type { Plan } from './user.js';

const DAY_MS = 86_400_000;

/** Where a user's trial stands: days left are whole days, rounded up (a trial ending in 2 hours has 1 left). */
export type TrialState =
  | { readonly state: 'active'; readonly daysLeft: number }
  | { readonly state: 'ended' }
  | { readonly state: 'not_on_trial' };

/** Where the trial of a plan stands at `now`. */
export function trialStateAt(plan: Plan, now: Date): TrialState {
  if (plan.kind !== 'trial') return { state: 'not_on_trial' };
  const left = plan.endsAt.getTime() - now.getTime();
  return left > 0 ? { state: 'active', daysLeft: Math.ceil(left / DAY_MS) } : { state: 'ended' };
}
