import { isStoreUnavailable } from '@svc/core';
import { collectAccountMetrics } from './collect-account-metrics.js';
import { collectFollowers } from './collect-followers.js';
import type { PublisherDeps } from './publisher-deps.js';
import { workerLoop } from './worker-loop.js';

/** How the collector works. */
export type CollectorOptions = {
  /** Identifies this process's leases. */
  readonly leaseOwner: string;
  /** How long a claimed collection is ours; past it another collector may take it. */
  readonly leaseMs: number;
  /** How many collections one round claims. */
  readonly batch: number;
  /** How often the loop looks for due collections. */
  readonly intervalMs: number;
};

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_COLLECTOR_OPTIONS: Omit<CollectorOptions, 'leaseOwner'> = {
  leaseMs: 5 * 60_000,
  batch: 200,
  intervalMs: 60_000,
};

/** The metric collector of one process. */
export type Collector = {
  /** Starts the loop: follow the journal, claim due reads, read, record, read follower counts daily, sleep. */
  start(): void;
  /** Stops after the current round; leases of unfinished reads run out for others to take. */
  stop(): Promise<void>;
  /** One round: follows the journal, claims up to a batch, reads and records; the claimed count. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due (operators' `svc analytics collect`, tests): posts read, readings with figures. */
  drain(): Promise<{ readonly posts: number; readonly snapshots: number }>;
};

const JOURNAL_PAGE = 500;
// Follower counts are read once a day per account (docs/analytics.md).
const FOLLOWERS_EVERY_MS = 24 * 3_600_000;

/**
 * Creates the collector. It runs beside the publisher; on PostgreSQL several share the work
 * through leases (never the same post twice for a slot), and a crash or a database outage loses
 * nothing: an unrecorded read's lease runs out and the post is read again, and a slot is stored
 * once.
 */
export function createCollector(deps: PublisherDeps, options: CollectorOptions): Collector {
  const counts = { posts: 0, snapshots: 0 };

  const runOnce = async (): Promise<number> => {
    const { analytics } = deps.store;
    while ((await analytics.followJournal(JOURNAL_PAGE)) > 0 && !loop.stopping()) {
      // Caught up page by page.
    }
    const now = deps.clock.now();
    const jobs = await analytics.claimCollections({
      now,
      leaseOwner: options.leaseOwner,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      limit: options.batch,
    });
    const byAccount = new Map<string, typeof jobs>();
    for (const job of jobs) byAccount.set(job.accountId, [...(byAccount.get(job.accountId) ?? []), job]);
    for (const accountJobs of byAccount.values()) {
      if (loop.stopping()) break;
      try {
        const read = await collectAccountMetrics(deps, options.leaseOwner, accountJobs);
        counts.posts += read.posts;
        counts.snapshots += read.snapshots;
      } catch (error) {
        // One account's failure does not stop the others; its leases run out and it is read later.
        if (isStoreUnavailable(error)) throw error;
        deps.logger.error(
          { accountId: accountJobs[0]?.accountId, err: error instanceof Error ? error.name : 'unknown' },
          'metrics collection crashed',
        );
      }
    }
    await collectDailyFollowers(now);
    return jobs.length;
  };

  const collectDailyFollowers = async (now: Date) => {
    const accounts = await deps.store.analytics.claimFollowerReads({
      now,
      before: new Date(now.getTime() - FOLLOWERS_EVERY_MS),
      limit: options.batch,
    });
    for (const account of accounts) {
      if (loop.stopping()) break;
      try {
        await collectFollowers(deps, account);
      } catch (error) {
        if (isStoreUnavailable(error)) throw error;
        deps.logger.error(
          { accountId: account.id, err: error instanceof Error ? error.name : 'unknown' },
          'follower count read crashed',
        );
      }
    }
  };

  const loop = workerLoop(runOnce, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'metrics collection round failed',
  });

  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
    async drain() {
      const before = { ...counts };
      while ((await runOnce()) > 0) {
        // Every due read is taken; recorded reads are due again only at their next slot.
      }
      return { posts: counts.posts - before.posts, snapshots: counts.snapshots - before.snapshots };
    },
  };
}
