import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor } from '../domain/actor.js';
import type { ApiKey } from '../domain/api-key.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { CoreDeps } from './core-deps.js';
import { useCase } from './use-case.js';

/** Revokes one of the actor's own API keys; another user's key is `key_not_found`. */
export function revokeOwnApiKey(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  keyId: string,
): ResultAsync<ApiKey, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<ApiKey, SvcError>> => {
    const owned = (await deps.store.apiKeys.listApiKeys(actor.user.id)).some((key) => key.id === keyId);
    const revoked = owned ? await deps.store.apiKeys.revokeApiKey(keyId, deps.clock.now()) : null;
    return revoked === null
      ? err(svcError('key_not_found', `No API key with the id ${keyId}.`))
      : ok(revoked);
  });
}
