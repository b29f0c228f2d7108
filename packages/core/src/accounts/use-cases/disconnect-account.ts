import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  type Actor,
  actorCanSeeAccount,
  actorWorkspaceId,
  eventsBy,
  namedPosts,
  readablePostIds,
  useCase,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { accountEvent } from '../account-events.js';
import type { ConnectedAccount } from '../connected-account.js';

/** Options of DELETE /api/v1/connections/{id}. */
export type DisconnectAccountOptions = {
  /** Disconnect even though posts are still to go out to the account; they fail at their time. */
  readonly force?: boolean;
};

/** A disconnected account and what was left aimed at it. */
export type DisconnectedAccount = {
  /** The account as stored now: `inactive`, without tokens. */
  readonly account: ConnectedAccount;
  /** True when it was already disconnected: nothing changed, no event was recorded. */
  readonly alreadyDisconnected: boolean;
  /**
   * Posts still aimed at the account (`force`): scheduled ones fail at their time with
   * `account_disconnected` unless the account is connected again before; empty without `force`.
   * Only those the key may read are listed.
   */
  readonly pendingPostIds: readonly string[];
};

/**
 * Disconnects one of the actor's accounts (`account:write`): it becomes `inactive`, its tokens
 * are erased and `account.disconnected` is recorded. While posts awaiting approval, scheduled or
 * being published are aimed at it, it is refused with `account_has_scheduled_posts` (the ids the
 * key may read in `details.postIds`, the others counted) unless `force` is set, so nothing fails unannounced. Disconnecting an
 * inactive account answers it again. Another user's account, or one outside the key's accounts,
 * is `account_not_found`. Connecting the same platform account later reactivates it, same id.
 */
export function disconnectAccount(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  accountId: string,
  options: DisconnectAccountOptions = {},
): ResultAsync<DisconnectedAccount, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<DisconnectedAccount, SvcError>> => {
    const account = await deps.store.accounts.getAccount(accountId);
    if (
      account === null ||
      account.ownerId !== actorWorkspaceId(actor) ||
      !actorCanSeeAccount(actor, accountId)
    ) {
      return err(accountNotFound(accountId));
    }
    const at = deps.clock.now();
    const outcome = await deps.store.accounts.disconnectAccount({
      ownerId: actorWorkspaceId(actor),
      accountId,
      at,
      force: options.force === true,
      events: eventsBy(actor, [accountEvent('account.disconnected', account, at)]),
    });
    switch (outcome.kind) {
      case 'disconnected':
        return ok({
          account: outcome.account,
          alreadyDisconnected: false,
          pendingPostIds: (await readablePostIds(deps.store.posts, actor, outcome.pendingPostIds)).postIds,
        });
      case 'already_inactive':
        return ok({ account: outcome.account, alreadyDisconnected: true, pendingPostIds: [] });
      case 'not_found':
        return err(accountNotFound(accountId));
      case 'has_pending_posts': {
        const pending = await readablePostIds(deps.store.posts, actor, outcome.postIds);
        const count = outcome.postIds.length;
        return err(
          svcError(
            'account_has_scheduled_posts',
            `${count} post${count === 1 ? ' is' : 's are'} still to go out to ${account.handle} (${namedPosts(pending)}). Delete or move them first, or disconnect with force to let them fail at their time.`,
            { accountId, ...pending },
          ),
        );
      }
    }
  });
}

function accountNotFound(accountId: string): SvcError {
  return svcError(
    'account_not_found',
    `No connected account ${accountId} among yours. List them with GET /api/v1/connections.`,
    { accountId },
  );
}
