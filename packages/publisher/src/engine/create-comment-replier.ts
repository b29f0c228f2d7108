import { isStoreUnavailable } from '@svc/core';
import type { PublisherDeps } from './publisher-deps.js';
import { replyToComment } from './reply-to-comment.js';
import { workerLoop } from './worker-loop.js';

/** How the comment replier works. */
export type CommentReplierOptions = {
  /** Identifies this process's leases. */
  readonly leaseOwner: string;
  /** How long a claimed comment is ours; past it another replier may take it (and check first). */
  readonly leaseMs: number;
  /** How many comments one round claims. */
  readonly batch: number;
  /** How often the loop looks for waiting comments. */
  readonly intervalMs: number;
};

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_COMMENT_REPLIER_OPTIONS: Omit<CommentReplierOptions, 'leaseOwner'> = {
  leaseMs: 60_000,
  batch: 50,
  intervalMs: 1_000,
};

/** The comment replier of one process. */
export type CommentReplier = {
  /** Starts the loop: claim waiting comments, answer them, sleep. */
  start(): void;
  /** Stops after the current comment; leases of the rest run out for others to take. */
  stop(): Promise<void>;
  /** One round: claims up to a batch and works through it; answers how many were claimed. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is waiting (tests, operators); answers how many comments were finished. */
  drain(): Promise<number>;
};

/**
 * Creates the comment replier (docs/automations.md). It runs wherever the publisher runs; on
 * PostgreSQL several share the inbox through leases, and a crash or a database outage loses and
 * duplicates nothing: an unfinished comment's lease runs out, and the next replier checks what
 * was marked before sending again.
 */
export function createCommentReplier(deps: PublisherDeps, options: CommentReplierOptions): CommentReplier {
  let finished = 0;

  const runOnce = async (): Promise<number> => {
    const now = deps.clock.now();
    const jobs = await deps.store.automations.claimComments({
      now,
      leaseOwner: options.leaseOwner,
      leaseUntil: new Date(now.getTime() + options.leaseMs),
      limit: options.batch,
    });
    for (const job of jobs) {
      if (loop.stopping()) break;
      try {
        if ((await replyToComment(deps, options.leaseOwner, job)) === 'finished') finished += 1;
      } catch (error) {
        // One comment's fault does not stop the others; its lease runs out and it is taken again.
        if (isStoreUnavailable(error)) throw error;
        deps.logger.error(
          { commentId: job.commentId, err: error instanceof Error ? error.name : 'unknown' },
          'comment reply crashed',
        );
      }
    }
    return jobs.length;
  };

  const loop = workerLoop(runOnce, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'comment reply round failed',
  });

  return {
    start: loop.start,
    stop: loop.stop,
    runOnce,
    async drain() {
      const before = finished;
      while ((await runOnce()) > 0) {
        // Deferred comments are due later; the loop ends once nothing is due now.
      }
      return finished - before;
    },
  };
}
