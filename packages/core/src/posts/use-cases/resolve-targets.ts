import { err, ok, type Result } from 'neverthrow';
import type { AccountStore, ConnectedAccount } from '../../accounts/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId } from '../../identity/index.js';
import { PLATFORM_NAMES, type Platform, type SvcError, svcError } from '../../kernel/index.js';

/**
 * The accounts a post request goes to. Explicit `profileIds` must each be an active account of
 * the user, on a requested platform, inside the key's account limit, and every requested platform
 * needs one. Without `profileIds` the request fans out to every active account the key can see
 * on each requested platform (spec 4.1 rule 5).
 */
export async function resolveTargets(
  accounts: AccountStore,
  actor: Actor,
  platforms: readonly Platform[],
  profileIds: readonly string[] | null,
): Promise<Result<ConnectedAccount[], SvcError>> {
  if (profileIds === null) return fanOut(accounts, actor, platforms);

  const found = await Promise.all(profileIds.map((id) => accounts.getAccount(id)));
  const unusable = profileIds.filter((_, i) => {
    const account = found[i];
    return !account || account.ownerId !== actorWorkspaceId(actor) || account.status !== 'active';
  });
  if (unusable.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Unknown or inactive profile id ${unusable.join(', ')}. List your accounts with GET /api/v1/connections.`,
        { field: 'profileIds', invalid: unusable },
      ),
    );
  }
  const targets = found as ConnectedAccount[];
  const mismatched = targets.filter((a) => !platforms.includes(a.platform));
  if (mismatched.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Profile ${mismatched.map((a) => `${a.id} (${a.platform})`).join(', ')} does not match the requested platforms ${platforms.join(', ')}.`,
        { field: 'profileIds', invalid: mismatched.map((a) => a.id) },
      ),
    );
  }
  const denied = targets.filter((a) => !actorCanSeeAccount(actor, a.id));
  if (denied.length > 0) {
    return err(
      svcError(
        'profile_scope_denied',
        `This key is limited to other accounts and cannot post to ${denied.map((a) => a.id).join(', ')}.`,
        { field: 'profileIds', denied: denied.map((a) => a.id) },
      ),
    );
  }
  const uncovered = platforms.filter((p) => !targets.some((a) => a.platform === p));
  if (uncovered.length > 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `No profile id for ${uncovered.join(', ')}. Add one of your ${uncovered.map((p) => PLATFORM_NAMES[p]).join('/')} profile ids or remove the platform.`,
        { field: 'profileIds', platformsWithoutProfile: uncovered },
      ),
    );
  }
  return ok(targets);
}

async function fanOut(
  accounts: AccountStore,
  actor: Actor,
  platforms: readonly Platform[],
): Promise<Result<ConnectedAccount[], SvcError>> {
  const visible = (await accounts.listActiveAccounts(actorWorkspaceId(actor))).filter(
    (a) => platforms.includes(a.platform) && actorCanSeeAccount(actor, a.id),
  );
  const missing = platforms.filter((p) => !visible.some((a) => a.platform === p));
  if (missing.length > 0) {
    return err(
      svcError(
        'no_connected_account',
        `No connected ${missing.map((p) => PLATFORM_NAMES[p]).join(' or ')} account this key can use. Connect one with POST /api/v1/connections.`,
        { platforms: missing },
      ),
    );
  }
  return ok(visible);
}
