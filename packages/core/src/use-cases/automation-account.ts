import { err, ok, type Result } from 'neverthrow';
import { type Actor, actorCanSeeAccount } from '../domain/actor.js';
import { type ConnectedAccount, markedNeedsReconnect } from '../domain/connected-account.js';
import { PLATFORM_NAMES } from '../domain/platform.js';
import { type SvcError, svcError } from '../domain/svc-error.js';
import type { CommentReplies, CommentSubscription } from '../ports/platform-gateway.js';
import type { AutomationReadiness } from './automation-view.js';
import type { CoreDeps } from './core-deps.js';
import { refreshAccountTokens, tokenExpiresSoon } from './refresh-account-tokens.js';

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox' | 'platforms'>;

/**
 * The actor's active Instagram account `profileId`, which the key may touch; otherwise the same
 * refusals as posting to it.
 */
export async function automationAccount(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  profileId: string,
): Promise<Result<ConnectedAccount, SvcError>> {
  const account = await deps.store.accounts.getAccount(profileId);
  if (account === null || account.ownerId !== actor.user.id || account.status !== 'active') {
    return err(
      svcError(
        'invalid_profile_ids',
        `Unknown or inactive profile id ${profileId}. List your accounts with GET /api/v1/connections.`,
        { field: 'profile_id', invalid: [profileId] },
      ),
    );
  }
  if (!actorCanSeeAccount(actor, account.id)) {
    return err(
      svcError('profile_scope_denied', `This key is limited to other accounts and cannot use ${profileId}.`, {
        field: 'profile_id',
        denied: [profileId],
      }),
    );
  }
  if (account.platform !== 'instagram') {
    return err(
      svcError(
        'validation_failed',
        `Comment automations answer Instagram comments; ${profileId} is a ${PLATFORM_NAMES[account.platform]} account.`,
        { field: 'profile_id' },
      ),
    );
  }
  return ok(account);
}

/** Whether the account can answer comments: connected, with the comment and message permissions. */
export function automationReadiness(
  deps: Pick<CoreDeps, 'secretBox' | 'platforms'>,
  account: ConnectedAccount,
): AutomationReadiness {
  const replies = deps.platforms[account.platform]?.commentReplies;
  const missing =
    replies === undefined || account.sealedCredentials === null
      ? []
      : replies.missingPermissions(JSON.parse(deps.secretBox.open(account.sealedCredentials)));
  return {
    needsReconnect: account.needsReconnect || account.sealedCredentials === null || missing.length > 0,
    missingPermissions: missing,
  };
}

/**
 * Gets the account ready to answer comments before an automation goes live: the permissions
 * are there and Meta sends the account's comment webhooks (subscribing is idempotent). A token
 * about to lapse or refused as expired is refreshed first, once.
 */
export async function startCommentWatch(
  deps: Deps,
  account: ConnectedAccount,
): Promise<Result<null, SvcError>> {
  const replies = deps.platforms[account.platform]?.commentReplies;
  const gateway = deps.platforms[account.platform];
  if (replies === undefined || gateway === undefined) {
    return err(
      svcError(
        'platform_unavailable',
        'Instagram is not configured on this server, so automations cannot run.',
        {
          platform: account.platform,
        },
      ),
    );
  }
  const readiness = automationReadiness(deps, account);
  if (readiness.needsReconnect || account.sealedCredentials === null)
    return err(reconnectError(account, readiness));

  let current = account;
  let credentials = JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<string, unknown>;
  const refresh = async (): Promise<Result<null, SvcError>> => {
    const outcome = await refreshAccountTokens(deps, gateway, current, credentials);
    if (outcome.kind === 'refreshed') {
      current = outcome.account;
      credentials = outcome.credentials;
      return ok(null);
    }
    if (outcome.kind === 'unavailable') return err(unreachable('the token refresh failed'));
    return markAndRefuse(deps, current);
  };
  if (tokenExpiresSoon(gateway, current, deps.clock.now())) {
    const refreshed = await refresh();
    if (refreshed.isErr()) return refreshed;
  }
  let answer = await subscribe(replies, credentials);
  if (answer.kind === 'token_expired') {
    const refreshed = await refresh();
    if (refreshed.isErr()) return refreshed;
    answer = await subscribe(replies, credentials);
  }
  switch (answer.kind) {
    case 'subscribed':
      return ok(null);
    case 'token_expired':
    case 'needs_reconnect':
      return markAndRefuse(deps, current);
    case 'retry':
    case 'refused':
      return err(unreachable(answer.reason));
  }
}

async function subscribe(
  replies: CommentReplies,
  credentials: Record<string, unknown>,
): Promise<CommentSubscription> {
  try {
    return await replies.subscribe(credentials);
  } catch (error) {
    return { kind: 'retry', afterMs: 60_000, reason: error instanceof Error ? error.name : 'unknown error' };
  }
}

async function markAndRefuse(deps: Deps, account: ConnectedAccount): Promise<Result<null, SvcError>> {
  const change = markedNeedsReconnect(account, deps.clock.now());
  await deps.store.accounts.saveAccount(change.account, change.events);
  return err(reconnectError(change.account, { needsReconnect: true, missingPermissions: [] }));
}

function reconnectError(account: ConnectedAccount, readiness: AutomationReadiness): SvcError {
  const missing = readiness.missingPermissions;
  return svcError(
    'account_needs_reconnect',
    missing.length > 0
      ? `@${account.handle} was connected without the permissions automations need (${missing.join(', ')}). Reconnect it with POST /api/v1/connections and allow comments and messages.`
      : `Instagram no longer accepts the service's access to @${account.handle}. Reconnect the account with POST /api/v1/connections.`,
    { profileId: account.id, missingPermissions: [...missing] },
  );
}

function unreachable(reason: string): SvcError {
  return svcError(
    'platform_unreachable',
    `Instagram could not start sending this account's comments (${reason}). Try again in a minute.`,
    { platform: 'instagram' },
  );
}
