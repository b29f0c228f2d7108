import { err, ok, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { User } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';

/**
 * The user an automation belongs to, for the operator, who acts on it as them
 * (`operatorActor`); `automation_not_found` when the automation or its owner is gone.
 */
export function automationOwner(
  deps: Pick<CoreDeps, 'store'>,
  automationId: string,
): ResultAsync<User, SvcError> {
  return ResultAsync.fromSafePromise(ownerOf(deps, automationId)).andThen((owner) =>
    owner === null
      ? err(svcError('automation_not_found', `Automation ${automationId} not found.`, { automationId }))
      : ok(owner),
  );
}

async function ownerOf(deps: Pick<CoreDeps, 'store'>, automationId: string): Promise<User | null> {
  const automation = await deps.store.automations.getAutomation(automationId);
  return automation === null ? null : deps.store.users.getUser(automation.ownerId);
}
