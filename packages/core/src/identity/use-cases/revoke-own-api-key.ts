import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Actor } from '../actor.js';
import { actorWorkspaceId } from '../actor.js';
import type { ApiKey } from '../api-key.js';
import { useCase } from './use-case.js';

/** Revokes one of the actor's own API keys; another user's key is `key_not_found`. */
export function revokeOwnApiKey(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  keyId: string,
): ResultAsync<ApiKey, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<ApiKey, SvcError>> => {
    const owned = (await deps.store.apiKeys.listApiKeys(actorWorkspaceId(actor))).some(
      (key) => key.id === keyId,
    );
    const revoked = owned ? await deps.store.apiKeys.revokeApiKey(keyId, deps.clock.now()) : null;
    return revoked === null
      ? err(svcError('key_not_found', `No API key with the id ${keyId}.`))
      : ok(revoked);
  });
}
