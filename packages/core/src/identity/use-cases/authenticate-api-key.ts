import { err, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Actor } from '../actor.js';
import { type ApiKey, parseApiKey } from '../api-key.js';
import { checkApiAccess } from '../entitlements.js';
import type { User } from '../user.js';
import { actorInWorkspace } from './actor-in-workspace.js';
import { type LastUseFault, recordKeyUse } from './record-key-use.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

// Compared against when the key id is unknown, so an unknown id costs the same hash-and-compare
// as a known one and response times do not reveal which key ids exist.
const UNKNOWN_KEY_HASH = '0'.repeat(64);

/**
 * Turns an `Authorization` header into the calling Actor (spec 5.1): `missing_api_key` without a
 * Bearer token, `invalid_api_key` for an unknown, wrong, revoked or expired key, and
 * `api_access_disabled` when the key's user is gone or shut out. Keys are only ever read from
 * the header; surfaces must never look for them in a URL. An accepted key's last use is recorded
 * (at most once a minute); a failure to record it goes to `onFault` and refuses nothing.
 */
export function authenticateApiKey(
  deps: Pick<CoreDeps, 'store' | 'keyHasher' | 'clock'>,
  authorization: string | undefined,
  onFault?: LastUseFault,
): ResultAsync<Actor, SvcError> {
  return new ResultAsync(authenticate(deps, authorization, onFault));
}

async function authenticate(
  deps: Pick<CoreDeps, 'store' | 'keyHasher' | 'clock'>,
  authorization: string | undefined,
  onFault: LastUseFault | undefined,
): Promise<Result<Actor, SvcError>> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (token === undefined) {
    return err(
      svcError(
        'missing_api_key',
        'Send the API key in the Authorization header: "Authorization: Bearer <key>".',
      ),
    );
  }
  const parsed = parseApiKey(token);
  if (parsed === null) return invalidApiKey();
  const found = await deps.store.apiKeys.getApiKeyWithOwner(parsed.id);
  const matches = deps.keyHasher.matches(parsed.secret, found?.key.secretHash ?? UNKNOWN_KEY_HASH);
  if (!matches) return invalidApiKey();
  const now = deps.clock.now();
  const actor = await actorOfWorkspaceKey(deps, found, now);
  if (actor.isOk() && found !== null) await recordKeyUse(deps, found.key, now, onFault);
  return actor;
}

/**
 * The Actor of a stored key in its workspace (docs/teams.md): a key made by the owner of a
 * personal workspace (every key from before workspaces) acts as that owner, as `actorOfKey`
 * says, without another read. A key made by a member acts as `actorInWorkspace` says (the
 * member's role, the key's account limit intersected with the member's, the plan holder's plan);
 * a key whose creator is no longer a member is `invalid_api_key`, as a revoked one.
 */
export async function actorOfWorkspaceKey(
  deps: Pick<CoreDeps, 'store'>,
  found: { readonly key: ApiKey; readonly owner: User | null } | null,
  now: Date,
): Promise<Result<Actor, SvcError>> {
  const personal = actorOfKey(found, now);
  const key = found?.key ?? null;
  const creatorId = key?.createdBy ?? null;
  if (key === null || creatorId === null || creatorId === key.ownerId) {
    return personal.map((actor) => ({
      ...actor,
      workspaceId: actor.user.id,
      member: { workspaceId: actor.user.id, role: 'owner', accountIds: null },
    }));
  }
  if (key.revokedAt !== null || (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime())) {
    return invalidApiKey();
  }
  const creator = await deps.store.users.getUser(creatorId);
  if (creator === null) {
    return ownerGone();
  }
  const credential = { user: creator, credentialId: key.id, scopes: key.scopes, accountIds: key.accountIds };
  const actor = await actorInWorkspace(deps, credential, key.ownerId, found?.owner ?? null);
  if (actor === null) return invalidApiKey();
  return checkWorkspaceApiAccess({ ...actor, ...markedKey(key) });
}

/** `api_access_disabled` unless both the person and the workspace's plan holder may use the API. */
export function checkWorkspaceApiAccess(actor: Actor): Result<Actor, SvcError> {
  return checkApiAccess(actor.user)
    .andThen(() => checkApiAccess(actor.planHolder ?? actor.user))
    .map(() => actor);
}

/**
 * The Actor of a stored key: `invalid_api_key` when it is missing, revoked or expired,
 * `api_access_disabled` when its user is gone or shut out. The caller has proven possession.
 */
export function actorOfKey(
  found: { readonly key: ApiKey; readonly owner: User | null } | null,
  now: Date,
): Result<Actor, SvcError> {
  const key = found?.key ?? null;
  if (
    key === null ||
    key.revokedAt !== null ||
    (key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime())
  ) {
    return invalidApiKey();
  }
  const user = found?.owner ?? null;
  if (user === null) {
    return ownerGone();
  }
  return checkApiAccess(user).map((u) => ({
    user: u,
    credentialId: key.id,
    scopes: key.scopes,
    accountIds: key.accountIds,
    ...markedKey(key),
  }));
}

/** `api_access_disabled`: the key outlived the user it belongs to. */
function ownerGone(): Result<never, SvcError> {
  return err(svcError('api_access_disabled', 'The account this key belongs to no longer exists.'));
}

function invalidApiKey(): Result<never, SvcError> {
  return err(
    svcError(
      'invalid_api_key',
      'The API key is invalid, revoked or expired. Create a new key and try again.',
    ),
  );
}

/** A key marked "needs approval" makes its actor one the approval policy may send to review. */
function markedKey(key: ApiKey): { needsApproval?: true } {
  return key.needsApproval === true ? { needsApproval: true } : {};
}
