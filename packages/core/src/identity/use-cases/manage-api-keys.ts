import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type ApiKey, formatApiKey } from '../api-key.js';
import { SCOPES, type Scope, scopeSchema } from '../scopes.js';
import { checkAccountLimit } from './check-account-limit.js';
import { findUserByEmail } from './create-user.js';
import { type KeyHolder, keyHolder } from './key-holder.js';

/** What an operator gives to create a key. */
export type CreateApiKeyInput = {
  readonly email: string;
  /**
   * The workspace the key acts in, one the person is a member of; their personal workspace when
   * absent. The key acts as the person, with their role and account limit there.
   */
  readonly workspaceId?: string;
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
 * Creates an API key for a user (`svc keys create`, the console's Keys page) in their personal
 * workspace or in one they are a member of (`keyHolder`). Scopes must be known; account limits
 * must name active accounts of that workspace, within the member's own limit. Only the secret's
 * hash is stored: the key string returned here cannot be shown again.
 */
export function createApiKey(deps: Deps, input: CreateApiKeyInput): ResultAsync<CreatedApiKey, SvcError> {
  return findUserByEmail(deps, input.email).andThen(
    (user) =>
      new ResultAsync(
        keyHolder(deps, user, input.workspaceId).then((holder) =>
          holder.isErr() ? err(holder.error) : create(deps, holder.value, input),
        ),
      ),
  );
}

async function create(
  deps: Deps,
  { ownerId, createdBy, memberAccountIds }: KeyHolder,
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
  // A key reaches no account the workspace does not have, nor any beyond its member's own limit.
  const accountIds = await checkAccountLimit(deps, ownerId, input.accountIds);
  if (accountIds.isErr()) return err(accountIds.error);
  const beyond = (accountIds.value ?? []).filter(
    (id) => memberAccountIds !== null && !memberAccountIds.includes(id),
  );
  if (beyond.length > 0) {
    return err(
      svcError('invalid_profile_ids', `Outside the member's account limit: ${beyond.join(', ')}.`, {
        field: 'accountIds',
      }),
    );
  }
  const now = deps.clock.now();
  const id = deps.ids.id('key');
  const secret = deps.ids.secret();
  const record: ApiKey = {
    id,
    ownerId,
    ...(createdBy === null ? {} : { createdBy }),
    name: input.name,
    secretHash: deps.keyHasher.hash(secret),
    scopes: [...new Set(input.scopes as Scope[])],
    accountIds: accountIds.value,
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

/**
 * Every key the user with this email made, revoked ones included, in each workspace they are a
 * member of (or only in `workspaceId`), their personal workspace's first (`svc keys list`, the
 * console's Keys page). A key's `ownerId` is its workspace.
 */
export function listApiKeys(
  deps: Pick<CoreDeps, 'store'>,
  email: string,
  workspaceId?: string,
): ResultAsync<readonly ApiKey[], SvcError> {
  return findUserByEmail(deps, email).andThen((user) =>
    ResultAsync.fromSafePromise(
      (async () => {
        const workspaceIds =
          workspaceId === undefined
            ? (await deps.store.workspaces.listMemberships(user.id)).map((m) => m.workspace.id)
            : [workspaceId];
        const keys = await Promise.all(workspaceIds.map((id) => deps.store.apiKeys.listApiKeys(id)));
        // A key without a creator is its personal workspace's own user's (keys from before workspaces).
        return keys.flat().filter((key) => (key.createdBy ?? key.ownerId) === user.id);
      })(),
    ),
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
      return key === null ? err(keyNotFound(keyId)) : ok(key);
    })(),
  );
}

/** `key_not_found`: no key with that id, or, for a member revoking their own, none of theirs. */
export const keyNotFound = (keyId: string): SvcError =>
  svcError('key_not_found', `No API key with the id ${keyId}.`);
