import type { BackgroundWorker } from './background-worker.js';
import { leasedWorker } from './leased-worker.js';
import { type LeasedWorkerOptions, leaseClaimOf } from './leased-worker-options.js';
import type { PublisherDeps } from './publisher-deps.js';
import { replyToComment } from './reply-to-comment.js';

/** How the comment replier works: its leases, how many comments a round claims, how often it looks. */
export type CommentReplierOptions = LeasedWorkerOptions;

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_COMMENT_REPLIER_OPTIONS: Omit<CommentReplierOptions, 'leaseOwner'> = {
  leaseMs: 60_000,
  batch: 50,
  // A safety net: a recorded comment wakes the replier at once (`inbox`); the poll finds deferred
  // comments that fell due and what a lost notification missed.
  intervalMs: 5_000,
};

/**
 * The comment replier of one process. A round claims waiting comments and answers them; it
 * answers how many were claimed. Draining answers how many comments were finished.
 */
export type CommentReplier = BackgroundWorker<number, number>;

/**
 * Creates the comment replier (docs/automations.md). It runs wherever the publisher runs; on
 * PostgreSQL several share the inbox through leases, and a crash or a database outage loses and
 * duplicates nothing: an unfinished comment's lease runs out, and the next replier checks what
 * was marked before sending again.
 */
export function createCommentReplier(deps: PublisherDeps, options: CommentReplierOptions): CommentReplier {
  let finished = 0;
  return leasedWorker(
    {
      intervalMs: options.intervalMs,
      logger: deps.logger,
      failure: 'comment reply round failed',
      wakeOn: (wake) => deps.store.wakeups.subscribe('inbox', wake),
    },
    async ({ workThrough }) => {
      const now = deps.clock.now();
      const jobs = await deps.store.automations.claimComments(leaseClaimOf(options, now));
      await workThrough(
        jobs,
        'comment reply crashed',
        (j) => ({ commentId: j.commentId }),
        async (job) => {
          if ((await replyToComment(deps, options.leaseOwner, job)) === 'finished') finished += 1;
        },
      );
      return jobs.length;
    },
    () => {
      const before = finished;
      return () => finished - before;
    },
  );
}
