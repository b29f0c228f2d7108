import { ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor } from '../domain/actor.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { SvcError } from '../domain/svc-error.js';
import { visibleAccounts } from './choose-targets.js';
import type { CoreDeps } from './core-deps.js';
import { useCase } from './use-case.js';

/** The active accounts the actor's key may see (spec 4.1 GET /connections, `account:read`). */
export function listConnections(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<readonly ConnectedAccount[], SvcError> {
  return useCase(actor, 'account:read', async (): Promise<Result<readonly ConnectedAccount[], SvcError>> => {
    return ok(await visibleAccounts(deps, actor));
  });
}
