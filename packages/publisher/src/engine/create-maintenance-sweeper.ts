import { sweepAbandonedUploads, warnExpiringTokens } from '@svc/core';
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
  }>;
};

/** How often the sweeps run: tokens are warned about a week ahead, upload links live 15 minutes. */
export const DEFAULT_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * The sweeps that keep a running service tidy, wherever the publisher runs, each safe on several
 * processes at once:
 * - tokens about to lapse are refreshed, and the owners of those that cannot be are warned with
 *   `account.token_expiring` (docs/webhooks.md), once per expiry, even when nothing is scheduled;
 * - upload targets whose bytes never came are removed (docs/media.md).
 * Each logs what it did; one failing does not stop the other.
 */
export function createMaintenanceSweeper(
  deps: Pick<PublisherDeps, 'store' | 'clock' | 'secretBox' | 'gateways' | 'logger'>,
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
  const runOnce = async () => {
    const [token, upload] = await Promise.allSettled([tokens(), uploads()]);
    for (const failed of [token, upload]) {
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
    };
  };
  const loop = workerLoop(runOnce, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'maintenance sweep failed',
  });
  return { start: loop.start, stop: loop.stop, runOnce };
}
