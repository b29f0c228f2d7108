import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type Actor, requireScope } from '../domain/actor.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { SvcError } from '../domain/svc-error.js';
import { visibleAccounts } from './choose-targets.js';
import type { CoreDeps } from './core-deps.js';

/** The active accounts the actor's key may see (spec 4.1 GET /connections, `account:read`). */
export function listConnections(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<readonly ConnectedAccount[], SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<readonly ConnectedAccount[], SvcError>> => {
      const allowed = requireScope(actor, 'account:read');
      if (allowed.isErr()) return err(allowed.error);
      return ok(await visibleAccounts(deps, actor));
    })(),
  );
}
