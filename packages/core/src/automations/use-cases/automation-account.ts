import { err, ok, type Result } from 'neverthrow';
import {
  actorAccount,
  type CommentReplies,
  type CommentSubscription,
  type ConnectedAccount,
  callWithAccountTokens,
  markedNeedsReconnect,
} from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { PLATFORM_NAMES, type SvcError, svcError } from '../../kernel/index.js';
import type { AutomationReadiness } from './automation-view.js';

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
  const found = await actorAccount(deps, actor, profileId, 'profile_id');
  if (found.isErr() || found.value.platform === 'instagram') return found;
  return err(
    svcError(
      'validation_failed',
      `Comment automations answer Instagram comments; ${profileId} is a ${PLATFORM_NAMES[found.value.platform]} account.`,
      { field: 'profile_id' },
    ),
  );
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

  const called = await callWithAccountTokens(
    deps,
    gateway,
    { ...account, sealedCredentials: account.sealedCredentials },
    (credentials) => subscribe(replies, credentials),
  );
  if (called.kind === 'unavailable') return err(unreachable(called.detail));
  if (called.kind === 'refused') return markAndRefuse(deps, called.account);
  const answer = called.answer;
  switch (answer.kind) {
    case 'subscribed':
      return ok(null);
    case 'token_expired':
    case 'needs_reconnect':
      return markAndRefuse(deps, called.account);
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
