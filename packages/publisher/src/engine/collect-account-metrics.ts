import { type CollectionJob, decideCollection, type PlatformGateway } from '@svc/core';
import type { AccountTokens } from './account-tokens.js';
import { openCollectionAccount } from './open-collection-account.js';
import type { PublisherDeps } from './publisher-deps.js';

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
  const opened = await openCollectionAccount(deps, leaseOwner, jobs, (g) => g.readMetrics?.bind(g));
  if (opened === null) return read;
  const { gateway, read: readMetrics, tokens } = opened;
  const size = Math.max(1, gateway.metricsBatchSize ?? 1);
  for (let start = 0; start < jobs.length; start += size) {
    const recorded = await collectBatch(
      deps,
      readMetrics,
      tokens,
      leaseOwner,
      jobs.slice(start, start + size),
    );
    read.posts += recorded.posts;
    read.snapshots += recorded.snapshots;
  }
  return read;
}

async function collectBatch(
  deps: PublisherDeps,
  readMetrics: NonNullable<PlatformGateway['readMetrics']>,
  tokens: AccountTokens,
  leaseOwner: string,
  batch: readonly CollectionJob[],
): Promise<{ posts: number; snapshots: number }> {
  const targets = batch.map((job) => ({ postId: job.postId, platformPostId: job.platformPostId }));
  const read = () => readMetrics(tokens.credentials(), targets);
  let decision = decideCollection(batch, await read(), deps.clock.now(), false);
  if (decision.kind === 'refresh_tokens') {
    // Once: a refusal after the refresh, or a refused refresh, puts the reads off.
    const again = (await tokens.refresh()) ? await read() : ({ kind: 'token_expired' } as const);
    decision = decideCollection(batch, again, deps.clock.now(), true);
  }
  if (decision.kind === 'defer') {
    deps.logger.warn(
      { accountId: batch[0]?.accountId, posts: batch.length, reason: decision.reason },
      'metrics read put off',
    );
    for (const job of batch)
      await deps.store.analytics.deferCollection(job.postId, leaseOwner, decision.until);
    return { posts: 0, snapshots: 0 };
  }
  if (decision.kind !== 'record') throw new Error('decideCollection asked for a second refresh');
  let snapshots = 0;
  for (const result of decision.results) {
    const recorded = await deps.store.analytics.recordCollection({ ...result, leaseOwner });
    if (recorded && result.metrics !== null) snapshots += 1;
  }
  return { posts: decision.results.length, snapshots };
}
