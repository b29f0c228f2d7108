import { err, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { Actor } from '../actor.js';
import { actorWorkspaceId } from '../actor.js';
import type { ApiKey } from '../api-key.js';
import { keyNotFound, revokeApiKey } from './manage-api-keys.js';
import { useCase } from './use-case.js';

/** Revokes one of the actor's own API keys as `revokeApiKey` does; another user's key is `key_not_found`. */
export function revokeOwnApiKey(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  keyId: string,
): ResultAsync<ApiKey, SvcError> {
  return useCase(actor, 'account:write', async () => {
    const keys = await deps.store.apiKeys.listApiKeys(actorWorkspaceId(actor));
    return keys.some((key) => key.id === keyId) ? revokeApiKey(deps, keyId) : err(keyNotFound(keyId));
  });
}
