import {
  type CollectionJob,
  type ConnectedAccount,
  type PlatformGateway,
  unreadableAccountRetry,
} from '@svc/core';
import { type AccountTokens, openAccountTokens } from './account-tokens.js';
import type { PublisherDeps } from './publisher-deps.js';

/** An account whose leased collections a collector reads now, with the read it makes. */
export type CollectionAccount<R> = {
  readonly account: ConnectedAccount;
  readonly gateway: PlatformGateway;
  /** The gateway's read, bound to it. */
  readonly read: R;
  readonly tokens: AccountTokens;
};

/**
 * The account of `jobs` (leased collections of one account) opened for `readOf` of its gateway;
 * null, with every job put off, when it cannot be read now: gone, not active, without tokens, or
 * a platform this server no longer reads (which counts as an account that cannot be read).
 * Metrics and public-id collection both start here, so they agree on when to wait.
 */
export async function openCollectionAccount<R>(
  deps: PublisherDeps,
  leaseOwner: string,
  jobs: readonly CollectionJob[],
  readOf: (gateway: PlatformGateway) => R | undefined,
): Promise<CollectionAccount<R> | null> {
  const first = jobs[0];
  if (first === undefined) return null;
  const { store, clock } = deps;
  const gateway = deps.gateways[first.platform];
  const read = gateway === undefined ? undefined : readOf(gateway);
  const account = await store.accounts.getAccount(first.accountId);
  const until = unreadableAccountRetry(read === undefined ? null : account, clock.now());
  const sealed = account?.sealedCredentials;
  if (until !== null || gateway === undefined || read === undefined || account === null || sealed == null) {
    for (const job of jobs)
      await store.analytics.deferCollection(job.postId, leaseOwner, until ?? clock.now());
    return null;
  }
  const tokens = await openAccountTokens(deps, gateway, { ...account, sealedCredentials: sealed });
  return { account, gateway, read, tokens };
}
