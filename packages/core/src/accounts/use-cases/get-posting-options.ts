import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { itemUseCase } from '../../identity/index.js';
import { PLATFORM_NAMES, type SvcError, svcError } from '../../kernel/index.js';
import { markedNeedsReconnect } from '../account-events.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { AccountGateway, PostingOptionsAnswer } from '../ports/platform-gateway.js';
import { actorAccount, callWithAccountTokens } from './account-call.js';
import type { CachedPostingOptions } from './posting-options-cache.js';

/** A creator's posting options as callers see them. */
export type PostingOptionsView = CachedPostingOptions['options'] & {
  readonly profileId: string;
  readonly platform: ConnectedAccount['platform'];
  /** When the options were read from the platform (they are reused for up to a minute). */
  readonly fetchedAt: Date;
};

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox' | 'platforms' | 'postingOptionsCache'>;

/**
 * The live posting options of one of the caller's accounts (TikTok: allowed privacy levels,
 * interactions the creator turned off, the longest video allowed), read through the platform's
 * gateway and kept for a minute.
 */
export const getPostingOptions = itemUseCase(
  'account:read',
  (deps: Deps, actor, profileId) => actorAccount(deps, actor, profileId, 'profileId'),
  async (account, deps: Deps): Promise<Result<PostingOptionsView, SvcError>> => {
    const read = await readPostingOptions(deps, account);
    return read.map((cached) => ({
      ...cached.options,
      profileId: account.id,
      platform: account.platform,
      fetchedAt: cached.fetchedAt,
    }));
  },
);

/**
 * The account's posting options from the cache or, when absent or stale, from the platform:
 * refreshes a token that expires soon or was refused as expired (once), and marks the account as
 * needing reconnection when the platform refuses it for good.
 */
export async function readPostingOptions(
  deps: Deps,
  account: ConnectedAccount,
): Promise<Result<CachedPostingOptions, SvcError>> {
  const name = PLATFORM_NAMES[account.platform];
  const gateway = deps.platforms[account.platform];
  if (gateway?.postingOptions === undefined) {
    return err(
      svcError(
        'invalid_profile_ids',
        `${name} has no posting options to read; they exist for TikTok accounts.`,
        { field: 'profileId', invalid: [account.id] },
      ),
    );
  }
  const now = deps.clock.now();
  const cached = deps.postingOptionsCache.get(account.id, now);
  if (cached !== null) return ok(cached);
  const sealed = account.sealedCredentials;
  if (account.needsReconnect || sealed === null) return err(reconnectError(account));
  const called = await callWithAccountTokens(deps, gateway, { ...account, sealedCredentials: sealed }, (c) =>
    ask(gateway, c),
  );
  if (called.kind === 'unavailable') return err(unreachable(account, called.detail));
  if (called.kind === 'refused') {
    await markNeedsReconnect(deps, called.account);
    return err(reconnectError(called.account));
  }
  const answer = called.answer;
  switch (answer.kind) {
    case 'options':
      return ok(deps.postingOptionsCache.set(account.id, answer.options, deps.clock.now()));
    case 'token_expired':
    case 'needs_reconnect':
      await markNeedsReconnect(deps, called.account);
      return err(reconnectError(called.account));
    case 'cannot_post':
      return err(
        svcError(
          'creator_cannot_post',
          `${name} does not let @${account.handle} post right now: ${answer.reason}`,
          {
            profileId: account.id,
          },
        ),
      );
    case 'unavailable':
      return err(unreachable(account, answer.reason));
  }
}

async function ask(
  gateway: AccountGateway,
  credentials: Readonly<Record<string, unknown>>,
): Promise<PostingOptionsAnswer> {
  try {
    return (await gateway.postingOptions?.(credentials)) ?? { kind: 'unavailable', reason: 'no answer' };
  } catch (error) {
    return { kind: 'unavailable', reason: error instanceof Error ? error.name : 'unknown error' };
  }
}

async function markNeedsReconnect(deps: Deps, account: ConnectedAccount): Promise<void> {
  deps.postingOptionsCache.forget(account.id);
  const change = markedNeedsReconnect(account, deps.clock.now());
  await deps.store.accounts.saveAccount(change.account, change.events);
}

function reconnectError(account: ConnectedAccount): SvcError {
  return svcError(
    'account_needs_reconnect',
    `${PLATFORM_NAMES[account.platform]} no longer accepts the service's access to @${account.handle}. Reconnect the account with POST /api/v1/connections.`,
    { profileId: account.id },
  );
}

function unreachable(account: ConnectedAccount, reason: string): SvcError {
  return svcError(
    'platform_unreachable',
    `${PLATFORM_NAMES[account.platform]} could not be asked right now (${reason}). Try again in a minute.`,
    { profileId: account.id, platform: account.platform },
  );
}
