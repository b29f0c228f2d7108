import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { AccountGateway } from '../ports/platform-gateway.js';
import { refreshAccountTokens, tokenExpiresSoon } from './refresh-account-tokens.js';

/**
 * The actor's active account `profileId`, which the key may touch; otherwise the refusals of
 * posting to it (`invalid_profile_ids`, `profile_scope_denied`), naming `field`.
 */
export async function actorAccount(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  profileId: string,
  field: string,
): Promise<Result<ConnectedAccount, SvcError>> {
  const account = await deps.store.accounts.getAccount(profileId);
  if (account === null || account.ownerId !== actorWorkspaceId(actor) || account.status !== 'active') {
    return err(
      svcError(
        'invalid_profile_ids',
        `Unknown or inactive profile id ${profileId}. List your accounts with GET /api/v1/connections.`,
        { field, invalid: [profileId] },
      ),
    );
  }
  if (!actorCanSeeAccount(actor, account.id)) {
    return err(
      svcError('profile_scope_denied', `This key is limited to other accounts and cannot use ${profileId}.`, {
        field,
        denied: [profileId],
      }),
    );
  }
  return ok(account);
}

/** What a platform call with an account's tokens came to. */
export type AccountCall<A> =
  /** The platform answered (possibly `token_expired` again); `account` holds the latest tokens. */
  | { readonly kind: 'answered'; readonly answer: A; readonly account: ConnectedAccount }
  /** The platform refused to refresh the tokens: the account must be reconnected. */
  | { readonly kind: 'refused'; readonly account: ConnectedAccount }
  /** A refresh failed for a transient reason; nothing changed. */
  | { readonly kind: 'unavailable'; readonly detail: string };

/**
 * Calls the platform with an account's tokens the way every live read does: tokens about to
 * lapse are refreshed first, and tokens refused as expired are refreshed and the call made again,
 * once. Refreshed tokens are stored sealed.
 */
export async function callWithAccountTokens<A extends { readonly kind: string }>(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'secretBox'>,
  gateway: AccountGateway,
  account: ConnectedAccount & { readonly sealedCredentials: string },
  call: (credentials: Readonly<Record<string, unknown>>) => Promise<A>,
): Promise<AccountCall<A>> {
  let current: ConnectedAccount = account;
  let credentials = JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<string, unknown>;
  const refresh = async () => {
    const outcome = await refreshAccountTokens(deps, gateway, current, credentials);
    if (outcome.kind === 'refreshed') {
      current = outcome.account;
      credentials = outcome.credentials;
    }
    return outcome.kind;
  };
  const failed = (outcome: 'refused' | 'unavailable'): AccountCall<A> =>
    outcome === 'refused'
      ? { kind: 'refused', account: current }
      : { kind: 'unavailable', detail: 'the token refresh failed' };
  if (tokenExpiresSoon(gateway, current, deps.clock.now())) {
    const refreshed = await refresh();
    if (refreshed !== 'refreshed') return failed(refreshed);
  }
  let answer = await call(credentials);
  if (answer.kind === 'token_expired') {
    const refreshed = await refresh();
    if (refreshed !== 'refreshed') return failed(refreshed);
    answer = await call(credentials);
  }
  return { kind: 'answered', answer, account: current };
}
