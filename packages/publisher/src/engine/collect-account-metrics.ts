import {
  type CollectionJob,
  type ConnectedAccount,
  decideCollection,
  type PlatformGateway,
  refreshAccountTokens,
  tokenExpiresSoon,
} from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';

// A collection whose account cannot be read (gone, disconnected, waiting for a reconnect) keeps
// the figures it has and is tried again a day later: history stays, nothing is failed.
const ACCOUNT_RETRY_MS = 24 * 3_600_000;

/**
 * Reads the metrics of one account's leased collections, a platform batch at a time, and records
 * what core's `decideCollection` says: the snapshots, or the collections given back for later.
 * `leaseOwner` is the collector holding them.
 */
export async function collectAccountMetrics(
  deps: PublisherDeps,
  leaseOwner: string,
  jobs: readonly CollectionJob[],
): Promise<{ posts: number; snapshots: number }> {
  const read = { posts: 0, snapshots: 0 };
  const first = jobs[0];
  if (first === undefined) return read;
  const { store, clock } = deps;
  const gateway = deps.gateways[first.platform];
  const readMetrics = gateway?.readMetrics?.bind(gateway);
  let account = await store.accounts.getAccount(first.accountId);
  if (
    gateway === undefined ||
    readMetrics === undefined ||
    account === null ||
    account.status !== 'active' ||
    account.needsReconnect ||
    account.sealedCredentials === null
  ) {
    const until = new Date(clock.now().getTime() + ACCOUNT_RETRY_MS);
    for (const job of jobs) await store.analytics.deferCollection(job.postId, leaseOwner, until);
    return read;
  }
  let credentials = JSON.parse(deps.secretBox.open(account.sealedCredentials)) as Record<string, unknown>;
  const refresh = async (held: ConnectedAccount) => {
    const outcome = await refreshAccountTokens(deps, gateway, held, credentials);
    if (outcome.kind !== 'refreshed') return false;
    account = outcome.account;
    credentials = outcome.credentials;
    return true;
  };
  if (tokenExpiresSoon(gateway, account, clock.now())) await refresh(account);
  const size = Math.max(1, gateway.metricsBatchSize ?? 1);
  for (let start = 0; start < jobs.length; start += size) {
    const batch = jobs.slice(start, start + size);
    const recorded = await collectBatch(
      deps,
      readMetrics,
      leaseOwner,
      batch,
      () => credentials,
      async () => (account === null ? false : refresh(account)),
    );
    read.posts += recorded.posts;
    read.snapshots += recorded.snapshots;
  }
  return read;
}

async function collectBatch(
  deps: PublisherDeps,
  readMetrics: NonNullable<PlatformGateway['readMetrics']>,
  leaseOwner: string,
  batch: readonly CollectionJob[],
  credentials: () => Record<string, unknown>,
  refresh: () => Promise<boolean>,
): Promise<{ posts: number; snapshots: number }> {
  const none = { posts: 0, snapshots: 0 };
  const targets = batch.map((job) => ({ postId: job.postId, platformPostId: job.platformPostId }));
  let refreshed = false;
  for (;;) {
    const answer = await readMetrics(credentials(), targets);
    const decision = decideCollection(batch, answer, deps.clock.now(), refreshed);
    if (decision.kind === 'refresh_tokens') {
      refreshed = true;
      if (await refresh()) continue;
      const until = new Date(deps.clock.now().getTime() + ACCOUNT_RETRY_MS);
      for (const job of batch) await deps.store.analytics.deferCollection(job.postId, leaseOwner, until);
      return none;
    }
    if (decision.kind === 'defer') {
      deps.logger.warn(
        { accountId: batch[0]?.accountId, posts: batch.length, reason: decision.reason },
        'metrics read put off',
      );
      for (const job of batch)
        await deps.store.analytics.deferCollection(job.postId, leaseOwner, decision.until);
      return none;
    }
    let snapshots = 0;
    for (const result of decision.results) {
      const recorded = await deps.store.analytics.recordCollection({ ...result, leaseOwner });
      if (recorded && result.metrics !== null) snapshots += 1;
    }
    return { posts: decision.results.length, snapshots };
  }
}
