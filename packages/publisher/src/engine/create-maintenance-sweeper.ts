import { randomUUID } from 'node:crypto';
import {
  type BlobStore,
  type IdGenerator,
  type PlanLimitsTable,
  purgeDeletedPosts,
  recycleEvergreenPosts,
  sweepAbandonedUploads,
  sweepOrphanedBlobs,
  sweepWebhookMessages,
  warnExpiringTokens,
} from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';
import { workerLoop } from './worker-loop.js';

/** The maintenance sweeps of one process. */
export type MaintenanceSweeper = {
  start(): void;
  stop(): Promise<void>;
  /** One round of every sweep; answers what each did. */
  runOnce(): Promise<{
    readonly refreshed: number;
    readonly warned: number;
    readonly abandonedUploads: number;
    /** Posts soft-deleted more than 30 days ago, removed for good. */
    readonly purgedPosts: number;
    /** Copies the service had made only for those posts. */
    readonly purgedMediaAssets: number;
    /** Webhook messages settled more than 30 days ago, removed with their deliveries and attempts. */
    readonly webhookMessages: number;
    /** Stored files no asset refers to, older than a day, deleted by this process. */
    readonly orphanedBlobs: number;
    /** Their bytes. */
    readonly freedBytes: number;
    /** Copies of evergreen posts this process put in their queues (docs/queue.md). */
    readonly recycled: number;
    /** Evergreen periods this process skipped, each with a `post.recycle_skipped` event. */
    readonly recycleSkipped: number;
  }>;
};

/** How often the sweeps run: tokens are warned about a week ahead, upload links live 15 minutes. */
export const DEFAULT_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * The sweeps that keep a running service tidy, wherever the publisher runs, each safe on several
 * processes at once:
 * - tokens about to lapse are refreshed, and the owners of those that cannot be are warned with
 *   `account.token_expiring` (docs/webhooks.md), once per expiry, even when nothing is scheduled;
 * - upload targets whose bytes never came are removed (docs/media.md);
 * - posts soft-deleted more than 30 days ago are purged with what belongs to them (docs/posts.md);
 * - settled webhook messages older than 30 days go with their deliveries and attempts (docs/webhooks.md);
 * - stored files no asset refers to are deleted once a day old, never racing an upload (docs/media.md);
 * - evergreen posts whose period passed get a copy in their queue, once per period (docs/queue.md).
 * Each logs what it did; one failing does not stop the other.
 */
export function createMaintenanceSweeper(
  deps: Pick<PublisherDeps, 'store' | 'clock' | 'secretBox' | 'gateways' | 'logger'> & {
    /** Where media bytes live, for the orphaned-blob sweep. */
    readonly blobs: BlobStore;
    /** Ids of recycled copies. */
    readonly ids: IdGenerator;
    /** The plans' quotas, which recycled copies count against like any post. */
    readonly planLimits: PlanLimitsTable;
  },
  options: { readonly intervalMs: number } = { intervalMs: DEFAULT_SWEEP_INTERVAL_MS },
): MaintenanceSweeper {
  const tokens = async () => {
    const result = await warnExpiringTokens({ ...deps, platforms: deps.gateways });
    for (const fault of result.faults) {
      deps.logger.warn(
        { accountId: fault.accountId, err: fault.error instanceof Error ? fault.error.name : 'unknown' },
        'token sweep skipped an account',
      );
    }
    if (result.refreshed > 0 || result.warned > 0) {
      deps.logger.info({ refreshed: result.refreshed, warned: result.warned }, 'token sweep');
    }
    return result;
  };
  const uploads = async () => {
    const removed = await sweepAbandonedUploads(deps);
    if (removed > 0) deps.logger.info({ removed }, 'abandoned upload targets removed');
    return removed;
  };
  const posts = async () => {
    const purged = await purgeDeletedPosts(deps);
    if (purged.posts > 0) deps.logger.info(purged, 'soft-deleted posts purged');
    return purged;
  };
  const webhooks = async () => {
    const removed = await sweepWebhookMessages(deps);
    if (removed.messages > 0) deps.logger.info(removed, 'settled webhook messages removed');
    return removed;
  };
  const blobs = async () => {
    // A claimant per round: a round that stopped midway leaves claims the next one may take over.
    const swept = await sweepOrphanedBlobs(deps, { claimant: `sweep:${randomUUID()}` });
    if (swept.removed > 0 || swept.spared > 0) deps.logger.info(swept, 'orphaned blobs removed');
    return swept;
  };
  const evergreen = async () => {
    const done = await recycleEvergreenPosts(deps);
    if (done.recycled > 0 || done.skipped > 0) deps.logger.info(done, 'evergreen posts recycled');
    return done;
  };
  const runOnce = async () => {
    const [token, upload, post, webhook, blob, recycle] = await Promise.allSettled([
      tokens(),
      uploads(),
      posts(),
      webhooks(),
      blobs(),
      evergreen(),
    ]);
    for (const failed of [token, upload, post, webhook, blob, recycle]) {
      if (failed.status === 'rejected') {
        deps.logger.warn(
          { err: failed.reason instanceof Error ? failed.reason.name : 'unknown' },
          'a sweep failed',
        );
      }
    }
    return {
      refreshed: token.status === 'fulfilled' ? token.value.refreshed : 0,
      warned: token.status === 'fulfilled' ? token.value.warned : 0,
      abandonedUploads: upload.status === 'fulfilled' ? upload.value : 0,
      purgedPosts: post.status === 'fulfilled' ? post.value.posts : 0,
      purgedMediaAssets: post.status === 'fulfilled' ? post.value.mediaAssets : 0,
      webhookMessages: webhook.status === 'fulfilled' ? webhook.value.messages : 0,
      orphanedBlobs: blob.status === 'fulfilled' ? blob.value.removed : 0,
      freedBytes: blob.status === 'fulfilled' ? blob.value.freedBytes : 0,
      recycled: recycle.status === 'fulfilled' ? recycle.value.recycled : 0,
      recycleSkipped: recycle.status === 'fulfilled' ? recycle.value.skipped : 0,
    };
  };
  const loop = workerLoop(runOnce, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'maintenance sweep failed',
  });
  return { start: loop.start, stop: loop.stop, runOnce };
}
