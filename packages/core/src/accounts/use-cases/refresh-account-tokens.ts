import type { CoreDeps } from '../../deps/index.js';
import type { ConnectedAccount } from '../connected-account.js';
import type { AccountGateway } from '../ports/platform-gateway.js';

/** The outcome of refreshing an account's platform tokens. */
export type TokenRefresh =
  | {
      readonly kind: 'refreshed';
      readonly account: ConnectedAccount;
      readonly credentials: Record<string, unknown>;
    }
  /** The platform refused the refresh material for good: the account must be reconnected. */
  | { readonly kind: 'refused' }
  /** A transient fault (network, 5xx): nothing changed; try again later. */
  | { readonly kind: 'unavailable'; readonly detail: string };

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'secretBox'>;

/**
 * Exchanges an account's refresh material for fresh tokens and stores them sealed.
 *
 * TikTok rotates refresh tokens: once one is used, the old one is dead. When two processes (a
 * publisher and an API server asking for posting options) refresh the same account at once, the
 * loser's refresh is refused although the account is fine. So a refusal first re-reads the
 * account: when its tokens changed since `credentials` were read, someone else refreshed, and
 * those newer tokens are adopted instead of declaring the account disconnected.
 */
export async function refreshAccountTokens(
  deps: Deps,
  gateway: AccountGateway,
  account: ConnectedAccount,
  credentials: Readonly<Record<string, unknown>>,
): Promise<TokenRefresh> {
  let fresh: Awaited<ReturnType<AccountGateway['refreshCredentials']>>;
  try {
    fresh = await gateway.refreshCredentials(account, credentials);
  } catch (error) {
    return { kind: 'unavailable', detail: error instanceof Error ? error.name : 'unknown error' };
  }
  if (fresh === null) return adoptNewerTokens(deps, account, credentials);
  const saved = await deps.store.accounts.saveRefreshedTokens(account.id, {
    sealedCredentials: deps.secretBox.seal(JSON.stringify(fresh.credentials)),
    tokenExpiresAt: fresh.expiresAt,
    at: deps.clock.now(),
  });
  // Disconnected while the platform answered: the new tokens are dropped, the account stays off.
  if (saved === null) return { kind: 'unavailable', detail: 'the account was disconnected' };
  return { kind: 'refreshed', account: saved, credentials: fresh.credentials };
}

async function adoptNewerTokens(
  deps: Deps,
  account: ConnectedAccount,
  tried: Readonly<Record<string, unknown>>,
): Promise<TokenRefresh> {
  const current = await deps.store.accounts.getAccount(account.id);
  if (current === null || current.sealedCredentials === null || current.needsReconnect) {
    return { kind: 'refused' };
  }
  const credentials = JSON.parse(deps.secretBox.open(current.sealedCredentials)) as Record<string, unknown>;
  return JSON.stringify(credentials) === JSON.stringify(tried)
    ? { kind: 'refused' }
    : { kind: 'refreshed', account: current, credentials };
}

/** True when the account's access token expires within the gateway's refresh margin. */
export function tokenExpiresSoon(gateway: AccountGateway, account: ConnectedAccount, now: Date): boolean {
  return (
    gateway.refreshMarginMs !== null &&
    account.tokenExpiresAt !== null &&
    account.tokenExpiresAt.getTime() - now.getTime() < gateway.refreshMarginMs
  );
}
