import type { CollectionJob } from '@svc/core';
import type { BackgroundWorker } from './background-worker.js';
import { collectAccountMetrics } from './collect-account-metrics.js';
import { collectFollowers } from './collect-followers.js';
import { collectPublicIds } from './collect-public-ids.js';
import { journalFollower } from './journal-follower.js';
import { type LeasedRound, leasedWorker } from './leased-worker.js';
import { type LeasedWorkerOptions, leaseClaimOf } from './leased-worker-options.js';
import type { PublisherDeps } from './publisher-deps.js';

/** How the collector works: its leases, how many collections a round claims, how often it looks. */
export type CollectorOptions = LeasedWorkerOptions;

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_COLLECTOR_OPTIONS: Omit<CollectorOptions, 'leaseOwner'> = {
  leaseMs: 5 * 60_000,
  batch: 200,
  intervalMs: 60_000,
};

/**
 * The metric collector of one process. A round follows the journal, claims due reads, reads and
 * records them and reads follower counts daily; it answers the claimed count. Draining
 * (operators' `svc analytics collect`, tests) answers the posts read and the readings with figures.
 */
export type Collector = BackgroundWorker<number, { readonly posts: number; readonly snapshots: number }>;

const JOURNAL_PAGE = 500;
// The least time between journal-follow rounds while commits keep notifying. A collection's first
// read falls due minutes after its post is published, so following a second late costs nothing,
// while following each commit cost every process a database round of its own per commit.
const FOLLOW_GAP_MS = 1_000;
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

  // Events are scheduled into collections as they are appended (`journal` wakes this loop), while
  // claims wait for the round: reads fall due minutes to days after the event that planned them,
  // so waking the whole round on every event would only repeat empty claims.
  const following = journalFollower(
    deps.store.wakeups,
    () => deps.store.analytics.followJournal(JOURNAL_PAGE),
    {
      intervalMs: options.intervalMs,
      minGapMs: FOLLOW_GAP_MS,
      batch: JOURNAL_PAGE,
      logger: deps.logger,
      failure: 'journal follow failed',
    },
  );

  const collect = async (round: LeasedRound): Promise<number> => {
    const { analytics } = deps.store;
    await following.runOnce();
    const now = deps.clock.now();
    const jobs = await analytics.claimCollections(leaseClaimOf(options, now));
    // Posts whose public id is still held back are asked for it, never read for metrics under
    // their publish handle.
    const awaiting = byAccount(jobs.filter((job) => job.status === 'awaiting_id'));
    const reading = byAccount(jobs.filter((job) => job.status !== 'awaiting_id'));
    // One account's failure does not stop the others; its leases run out and it is read later.
    await round.workThrough(
      awaiting,
      'public id check crashed',
      (j) => ({ accountId: j[0]?.accountId }),
      async (accountJobs) => {
        await collectPublicIds(deps, options.leaseOwner, accountJobs);
      },
    );
    await round.workThrough(
      reading,
      'metrics collection crashed',
      (j) => ({ accountId: j[0]?.accountId }),
      async (accountJobs) => {
        const read = await collectAccountMetrics(deps, options.leaseOwner, accountJobs);
        counts.posts += read.posts;
        counts.snapshots += read.snapshots;
      },
    );
    await collectDailyFollowers(now, round);
    return jobs.length;
  };

  const collectDailyFollowers = async (now: Date, round: LeasedRound) => {
    const accounts = await deps.store.analytics.claimFollowerReads({
      now,
      before: new Date(now.getTime() - FOLLOWERS_EVERY_MS),
      limit: options.batch,
    });
    await round.workThrough(
      accounts,
      'follower count read crashed',
      (a) => ({ accountId: a.id }),
      (account) => collectFollowers(deps, account),
    );
  };

  // Recorded reads are due again only at their next slot, so draining ends.
  const worker = leasedWorker(
    { intervalMs: options.intervalMs, logger: deps.logger, failure: 'metrics collection round failed' },
    collect,
    () => {
      const before = { ...counts };
      return () => ({ posts: counts.posts - before.posts, snapshots: counts.snapshots - before.snapshots });
    },
  );
  return {
    ...worker,
    start() {
      following.start();
      worker.start();
    },
    async stop() {
      await Promise.all([following.stop(), worker.stop()]);
    },
  };
}

// Collections grouped by account, each group read with the account's tokens.
function byAccount(jobs: readonly CollectionJob[]): CollectionJob[][] {
  const groups = new Map<string, CollectionJob[]>();
  for (const job of jobs) groups.set(job.accountId, [...(groups.get(job.accountId) ?? []), job]);
  return [...groups.values()];
}
