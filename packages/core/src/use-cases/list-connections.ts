import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type Actor, actorCanSeeAccount, requireScope } from '../domain/actor.js';
import type { ConnectedAccount } from '../domain/connected-account.js';
import type { SvcError } from '../domain/svc-error.js';
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
      const accounts = await deps.store.accounts.listActiveAccounts(actor.user.id);
      return ok(accounts.filter((a) => actorCanSeeAccount(actor, a.id)));
    })(),
  );
}
