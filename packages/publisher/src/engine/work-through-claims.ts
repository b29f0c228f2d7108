import { isStoreUnavailable } from '@svc/core';
import type { PublisherLogger } from './publisher-deps.js';
import type { WorkerLoop } from './worker-loop.js';

/** What working through a round's claims needs: the loop to stop with, and how to log a crash. */
export type ClaimsContext<T> = {
  readonly loop: Pick<WorkerLoop, 'stopping'>;
  readonly logger: PublisherLogger;
  /** The log message of an item whose work threw. */
  readonly crashed: string;
  /** The fields naming the item in that log line. */
  readonly fieldsOf: (item: T) => Record<string, unknown>;
};

/**
 * Works through a round's claimed items one at a time until the loop stops. One item's fault
 * does not stop the others (it is logged; its lease runs out and it is taken again later), but a
 * store outage ends the round, for the loop to log and try again.
 */
export async function workThroughClaims<T>(
  items: readonly T[],
  ctx: ClaimsContext<T>,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  for (const item of items) {
    if (ctx.loop.stopping()) break;
    try {
      await work(item);
    } catch (error) {
      if (isStoreUnavailable(error)) throw error;
      ctx.logger.error(
        { ...ctx.fieldsOf(item), err: error instanceof Error ? error.name : 'unknown' },
        ctx.crashed,
      );
    }
  }
}
