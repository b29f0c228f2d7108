import { warnExpiringTokens } from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';
import { workerLoop } from './worker-loop.js';

/** The token sweeper of one process. */
export type TokenSweeper = {
  start(): void;
  stop(): Promise<void>;
  /** One sweep; answers what it did. */
  runOnce(): Promise<{ readonly refreshed: number; readonly warned: number }>;
};

/** How often the sweep looks: tokens are warned about a week ahead, so a quarter-hour is plenty. */
export const DEFAULT_TOKEN_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Refreshes tokens about to lapse that can be refreshed, and warns the owners of the others with
 * `account.token_expiring` (docs/webhooks.md), even when nothing is scheduled. Safe on several
 * processes at once: each warning is written once, with its event, by a conditional update.
 */
export function createTokenSweeper(
  deps: Pick<PublisherDeps, 'store' | 'clock' | 'secretBox' | 'gateways' | 'logger'>,
  options: { readonly intervalMs: number } = { intervalMs: DEFAULT_TOKEN_SWEEP_INTERVAL_MS },
): TokenSweeper {
  const runOnce = async () => {
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
    return { refreshed: result.refreshed, warned: result.warned };
  };
  const loop = workerLoop(runOnce, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'token sweep failed',
  });
  return { start: loop.start, stop: loop.stop, runOnce };
}
