import type { ConnectedAccount } from '@svc/core';
import { openAccountTokens } from './account-tokens.js';
import type { PublisherDeps } from './publisher-deps.js';

/**
 * Reads an account's follower count and stores it, refreshing the tokens when they are about to
 * expire or were refused as expired (once). Anything but a count (a refusal, a fault) leaves the
 * stored count as it is; the account is read again the next day. Answers whether it was stored.
 */
export async function collectFollowers(deps: PublisherDeps, held: ConnectedAccount): Promise<boolean> {
  const gateway = deps.gateways[held.platform];
  const sealed = held.sealedCredentials;
  if (gateway?.readFollowers === undefined || sealed === null) return false;
  const tokens = await openAccountTokens(deps, gateway, { ...held, sealedCredentials: sealed });
  let answer = await gateway.readFollowers(tokens.credentials());
  if (answer.kind === 'token_expired' && (await tokens.refresh())) {
    answer = await gateway.readFollowers(tokens.credentials());
  }
  if (answer.kind !== 'followers') {
    deps.logger.warn({ accountId: held.id, outcome: answer.kind }, 'follower count not read');
    return false;
  }
  await deps.store.analytics.recordFollowers(held.id, answer.count);
  return true;
}
