import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { chosenPlan } from '../new-user-plan.js';
import type { Plan, PlanKind, User } from '../user.js';
import { findUserByEmail } from './create-user.js';

/** What an operator gives to change a user's plan. */
export type SetUserPlanInput = {
  readonly email: string;
  readonly plan: PlanKind;
  /** Length of a trial in days, from now (default: the install's `newUserPlan.trialDays`); ignored for other plans. */
  readonly trialDays?: number | undefined;
};

/** The user with the new plan, and the plan it replaced. */
export type PlanChange = { readonly user: User; readonly previous: Plan };

/**
 * Changes an existing user's plan (operator action, `svc users set-plan`): on a self-hosted
 * install the operator decides plans, and this is how a lapsed trial is lifted. A new trial ends
 * whole days after now. Takes effect on the user's next request, on every server.
 */
export function setUserPlan(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'newUserPlan'>,
  input: SetUserPlanInput,
): ResultAsync<PlanChange, SvcError> {
  return findUserByEmail(deps, input.email).andThen(
    (user) =>
      new ResultAsync(
        (async (): Promise<Result<PlanChange, SvcError>> => {
          const now = deps.clock.now();
          const plan = chosenPlan({ plan: input.plan, trialDays: input.trialDays }, deps.newUserPlan, now);
          if (plan.isErr()) return err(plan.error);
          const stored = await deps.store.users.setPlan(user.id, plan.value.plan, now);
          return stored
            ? ok({ user: { ...user, plan: plan.value.plan, updatedAt: now }, previous: user.plan })
            : err(svcError('user_not_found', `No user with the email ${input.email}.`));
        })(),
      ),
  );
}
