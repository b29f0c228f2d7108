import { err, ok, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';

/** `automation_not_found`: absent, or not the actor's (the two look the same on purpose). */
export const automationNotFound = (automationId: string): SvcError =>
  svcError('automation_not_found', `Automation ${automationId} not found.`, { automationId });

/**
 * The user an automation belongs to, for the operator, who acts on it as them
 * (`operatorActor`); `automation_not_found` when the automation or its owner is gone.
 */
export function automationOwner(
  deps: Pick<CoreDeps, 'store'>,
  automationId: string,
): ResultAsync<User, SvcError> {
  return ResultAsync.fromSafePromise(ownerOf(deps, automationId)).andThen((owner) =>
    owner === null ? err(automationNotFound(automationId)) : ok(owner),
  );
}

async function ownerOf(deps: Pick<CoreDeps, 'store'>, automationId: string): Promise<User | null> {
  const automation = await deps.store.automations.getAutomation(automationId);
  return automation === null ? null : deps.store.users.getUser(automation.ownerId);
}
