import { type ConnectedAccount, refreshAccountTokens, tokenExpiresSoon } from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';

/**
 * Reads an account's follower count and stores it, refreshing the tokens when they are about to
 * expire or were refused as expired (once). Anything but a count (a refusal, a fault) leaves the
 * stored count as it is; the account is read again the next day. Answers whether it was stored.
 */
export async function collectFollowers(deps: PublisherDeps, held: ConnectedAccount): Promise<boolean> {
  const gateway = deps.gateways[held.platform];
  if (gateway?.readFollowers === undefined || held.sealedCredentials === null) return false;
  let account = held;
  let credentials = JSON.parse(deps.secretBox.open(held.sealedCredentials)) as Record<string, unknown>;
  const refresh = async () => {
    const outcome = await refreshAccountTokens(deps, gateway, account, credentials);
    if (outcome.kind !== 'refreshed') return false;
    account = outcome.account;
    credentials = outcome.credentials;
    return true;
  };
  if (tokenExpiresSoon(gateway, account, deps.clock.now())) await refresh();
  let answer = await gateway.readFollowers(credentials);
  if (answer.kind === 'token_expired' && (await refresh())) answer = await gateway.readFollowers(credentials);
  if (answer.kind !== 'followers') {
    deps.logger.warn({ accountId: account.id, outcome: answer.kind }, 'follower count not read');
    return false;
  }
  await deps.store.analytics.recordFollowers(account.id, answer.count);
  return true;
}
