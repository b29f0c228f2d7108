import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type ApiKey, formatApiKey } from '../api-key.js';
import { SCOPES, type Scope, scopeSchema } from '../scopes.js';
import { findUserByEmail } from './create-user.js';

/** What an operator gives to create a key. */
export type CreateApiKeyInput = {
  readonly email: string;
  readonly scopes: readonly string[];
  /** Limit the key to these connected accounts of the user; null for all of them. */
  readonly accountIds: readonly string[] | null;
  readonly name: string | null;
  /** Days until the key stops working; null for a key that does not expire. */
  readonly expiresInDays: number | null;
  /** Mark the key "needs approval" (docs/teams.md, "Approval policy"). */
  readonly needsApproval?: boolean;
};

/** A new key: the record, and the key string, which exists only in this answer. */
export type CreatedApiKey = { readonly record: ApiKey; readonly key: string };

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>;

/**
 * Creates an API key for a user (`svc keys create`). Scopes must be known; account limits must
 * name active accounts of that user. Only the secret's hash is stored: the key string returned
 * here cannot be shown again.
 */
export function createApiKey(deps: Deps, input: CreateApiKeyInput): ResultAsync<CreatedApiKey, SvcError> {
  return findUserByEmail(deps, input.email).andThen((user) => new ResultAsync(create(deps, user.id, input)));
}

async function create(
  deps: Deps,
  ownerId: string,
  input: CreateApiKeyInput,
): Promise<Result<CreatedApiKey, SvcError>> {
  const unknown = input.scopes.filter((s) => !scopeSchema.safeParse(s).success);
  if (input.scopes.length === 0 || unknown.length > 0) {
    return err(
      svcError(
        'validation_failed',
        `${unknown.length > 0 ? `Unknown scope ${unknown.join(', ')}` : 'No scope given'}. Scopes: ${SCOPES.join(', ')}.`,
        { field: 'scopes' },
      ),
    );
  }
  if (input.expiresInDays !== null && !(Number.isInteger(input.expiresInDays) && input.expiresInDays >= 1)) {
    return err(
      svcError('validation_failed', 'A key expires after a whole number of days, at least 1.', {
        field: 'expiresInDays',
      }),
    );
  }
  if (input.accountIds !== null) {
    const owned = new Set((await deps.store.accounts.listActiveAccounts(ownerId)).map((a) => a.id));
    const foreign = input.accountIds.filter((id) => !owned.has(id));
    if (input.accountIds.length === 0 || foreign.length > 0) {
      return err(
        svcError(
          'invalid_profile_ids',
          foreign.length > 0
            ? `Not an active account of this user: ${foreign.join(', ')}.`
            : 'An account limit needs at least one account id.',
          { field: 'accountIds' },
        ),
      );
    }
  }
  const now = deps.clock.now();
  const id = deps.ids.id('key');
  const secret = deps.ids.secret();
  const record: ApiKey = {
    id,
    ownerId,
    name: input.name,
    secretHash: deps.keyHasher.hash(secret),
    scopes: [...new Set(input.scopes as Scope[])],
    accountIds: input.accountIds === null ? null : [...new Set(input.accountIds)],
    createdAt: now,
    expiresAt:
      input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * 86_400_000),
    revokedAt: null,
    lastUsedAt: null,
    ...(input.needsApproval === true ? { needsApproval: true } : {}),
  };
  await deps.store.apiKeys.insertApiKey(record);
  return ok({ record, key: formatApiKey(id, secret) });
}

/** Every key of the user with this email, revoked ones included (`svc keys list`). */
export function listApiKeys(
  deps: Pick<CoreDeps, 'store'>,
  email: string,
): ResultAsync<readonly ApiKey[], SvcError> {
  return findUserByEmail(deps, email).andThen((user) =>
    ResultAsync.fromSafePromise(deps.store.apiKeys.listApiKeys(user.id)),
  );
}

/** Revokes a key by id (`svc keys revoke`); revoking twice keeps the first time. */
export function revokeApiKey(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  keyId: string,
): ResultAsync<ApiKey, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ApiKey, SvcError>> => {
      const key = await deps.store.apiKeys.revokeApiKey(keyId, deps.clock.now());
      return key === null ? err(svcError('key_not_found', `No API key with the id ${keyId}.`)) : ok(key);
    })(),
  );
}
