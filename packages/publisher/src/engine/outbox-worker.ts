import { type Clock, isStoreUnavailable, type LeaseClaim, type Wakeups, type WakeupTopic } from '@svc/core';
import type { BackgroundWorker } from './background-worker.js';
import { type JournalFollowerOptions, journalFollower } from './journal-follower.js';
import { leaseClaimOf } from './leased-worker-options.js';
import type { PublisherLogger } from './publisher-deps.js';
import { workerLoop } from './worker-loop.js';

/** A worker of the outbox shape: a round is one fan-out pass and one claim. */
export type OutboxWorker = BackgroundWorker<{ readonly events: number; readonly claimed: number }, void>;

/** The parts that make an outbox worker what it is (webhook deliveries, e-mail notifications). */
export type OutboxParts<Item> = {
  readonly wakeups: Pick<Wakeups, 'subscribe'>;
  readonly clock: Clock;
  readonly logger: PublisherLogger;
  /** The journal side: one fan-out step answers the events it read, null when held elsewhere. */
  readonly fanOut: JournalFollowerOptions & { step(wakeSender: () => void): Promise<number | null> };
  /** The sending side: claims due items under this process's leases and works on each. */
  readonly send: {
    /** Identifies this process's leases. */
    readonly leaseOwner: string;
    /** A claimed item's lease: longer than its work can take, or it may be sent twice. */
    readonly leaseMs: number;
    readonly intervalMs: number;
    /** Items in flight in this process. */
    readonly concurrency: number;
    /** The log message of a failed claim. */
    readonly failure: string;
    /** Besides its own wake-ups, the topic that announces newly due items (if any). */
    readonly wakeOn?: WakeupTopic;
    /** Leases the due items the claim allows (as many as slots are free). */
    claim(lease: LeaseClaim): Promise<readonly Item[]>;
    /** Sends one claimed item and records the outcome; a throw is logged as `crashed`. */
    work(item: Item): Promise<void>;
    /** Logged with a crashed item: what identifies it. */
    fieldsOf(item: Item): Record<string, unknown>;
    readonly crashed: string;
  };
  /** Runs once both loops stopped, before the items in flight are awaited. */
  afterStop?(): Promise<void>;
};

/**
 * The worker the webhook and notification workers are (docs/webhooks.md, docs/notifications.md):
 * one loop follows the journal into an outbox, another claims due items under leases and sends up
 * to `concurrency` at once. Nothing is lost to a crash or an outage: the cursor moves only with
 * what it produced, and an item whose work failed is sent again when its lease runs out. Stopping
 * stops claiming and waits for the items in flight; draining works until no event waits and no
 * item is due or in flight (tests).
 */
export function outboxWorker<Item>(parts: OutboxParts<Item>): OutboxWorker {
  const inFlight = new Set<Promise<void>>();
  const { send } = parts;
  const fanOut = journalFollower(parts.wakeups, () => parts.fanOut.step(() => sender.wake()), parts.fanOut);

  const start = (item: Item) => {
    const job = send
      .work(item)
      .catch((error: unknown) => {
        // Its lease runs out and it is sent again: at least once, never lost.
        parts.logger.error(
          {
            ...send.fieldsOf(item),
            err: error instanceof Error ? error.name : 'unknown',
            storeAway: isStoreUnavailable(error),
          },
          send.crashed,
        );
      })
      .finally(() => {
        inFlight.delete(job);
        // A slot is free: more may be due.
        sender.wake();
      });
    inFlight.add(job);
  };

  const claim = async (): Promise<number> => {
    const free = send.concurrency - inFlight.size;
    if (free <= 0 || sender.stopping()) return 0;
    const claimed = await send.claim(leaseClaimOf({ ...send, batch: free }, parts.clock.now()));
    for (const item of claimed) start(item);
    return claimed.length;
  };

  const sender = workerLoop(claim, {
    intervalMs: send.intervalMs,
    logger: parts.logger,
    failure: send.failure,
  });

  let unsubscribe: (() => void) | null = null;
  return {
    start() {
      if (send.wakeOn !== undefined)
        unsubscribe ??= parts.wakeups.subscribe(send.wakeOn, () => sender.wake());
      fanOut.start();
      sender.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await Promise.all([fanOut.stop(), sender.stop()]);
      await parts.afterStop?.();
      await Promise.all(inFlight);
    },
    async runOnce() {
      const events = await fanOut.runOnce();
      return { events, claimed: await claim() };
    },
    async drain() {
      for (;;) {
        const { events, claimed } = await this.runOnce();
        if (inFlight.size > 0) await Promise.race(inFlight);
        else if (events === 0 && claimed === 0) return;
      }
    },
  };
}
