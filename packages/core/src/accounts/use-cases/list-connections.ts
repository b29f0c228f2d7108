import { ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, useCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import { visibleAccounts } from './choose-targets.js';

/** The active accounts the actor's key may see (spec 4.1 GET /connections, `account:read`). */
export function listConnections(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<readonly ConnectedAccount[], SvcError> {
  return useCase(actor, 'account:read', async (): Promise<Result<readonly ConnectedAccount[], SvcError>> => {
    return ok(await visibleAccounts(deps, actor));
  });
}
