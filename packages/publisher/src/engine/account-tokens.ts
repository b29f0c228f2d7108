import {
  type ConnectedAccount,
  type PlatformGateway,
  refreshAccountTokens,
  tokenExpiresSoon,
} from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';

/** An account's opened tokens while a worker reads with them. */
export type AccountTokens = {
  /** The tokens to call with now (refreshed ones after a refresh). */
  credentials(): Record<string, unknown>;
  /** Refreshes the tokens (sealing the new ones); false when the platform or a fault refused. */
  refresh(): Promise<boolean>;
};

/**
 * Opens the account's sealed tokens (the account must have some) and refreshes them at once when
 * they are about to expire, as publishing does.
 */
export async function openAccountTokens(
  deps: PublisherDeps,
  gateway: PlatformGateway,
  held: ConnectedAccount & { readonly sealedCredentials: string },
): Promise<AccountTokens> {
  let account: ConnectedAccount = held;
  let credentials = JSON.parse(deps.secretBox.open(held.sealedCredentials)) as Record<string, unknown>;
  const tokens: AccountTokens = {
    credentials: () => credentials,
    async refresh() {
      const outcome = await refreshAccountTokens(deps, gateway, account, credentials);
      if (outcome.kind !== 'refreshed') return false;
      account = outcome.account;
      credentials = outcome.credentials;
      return true;
    },
  };
  if (tokenExpiresSoon(gateway, account, deps.clock.now())) await tokens.refresh();
  return tokens;
}
