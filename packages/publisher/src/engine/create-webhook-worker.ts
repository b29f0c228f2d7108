import {
  type ClaimedDelivery,
  createFanOut,
  type DeliveryResult,
  deliverWebhook,
  type IdGenerator,
  isStoreUnavailable,
  type WebhookSender,
  type WebhookSigner,
} from '@svc/core';
import { type OutboxWorker, outboxWorker } from './outbox-worker.js';
import type { PublisherDeps } from './publisher-deps.js';
import { NO_PUBLISHER_OBSERVER, type WebhookDeliveryResult } from './publisher-observer.js';

/** What the webhook worker works with, besides the publisher's store, clock, secrets and links. */
export type WebhookWorkerDeps = Pick<
  PublisherDeps,
  'store' | 'clock' | 'secretBox' | 'mediaUrl' | 'logger' | 'observer'
> & {
  readonly ids: IdGenerator;
  readonly webhookSender: Pick<WebhookSender, 'send'>;
  readonly webhookSigner: WebhookSigner;
};

/** How the webhook worker works. */
export type WebhookWorkerOptions = {
  /** Identifies this process's leases. */
  readonly leaseOwner: string;
  /**
   * How often each loop looks for work when nothing woke it: a safety net for lost notifications
   * and for retries falling due (appended events wake the fan-out, new deliveries the sender).
   */
  readonly intervalMs: number;
  /** The fan-out cursor's lease: past it, another process takes the fan-out over. */
  readonly fanOutLeaseMs: number;
  /** Journal events read per fan-out step. */
  readonly fanOutBatch: number;
  /**
   * How long the fan-out keeps its cursor in memory while the events it reads make no message:
   * it writes it after this many events or this long, whichever comes first (and on stop). A
   * crash replays at most that much of the journal, which makes no message again.
   */
  readonly fanOutSaveEvents: number;
  readonly fanOutSaveMs: number;
  /**
   * The least time between fan-out rounds while commits keep notifying: a burst of commits is
   * read in one round, not one per commit. It adds at most this much to a delivery's latency.
   */
  readonly fanOutGapMs: number;
  /** A claimed delivery's lease: longer than a send can take (15 s), or it may be sent twice. */
  readonly deliveryLeaseMs: number;
  /** Deliveries in flight in this process. */
  readonly concurrency: number;
  /** Deliveries in flight to one endpoint across every process: a slow receiver holds no more. */
  readonly perSubscription: number;
};

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_WEBHOOK_WORKER_OPTIONS: Omit<WebhookWorkerOptions, 'leaseOwner'> = {
  intervalMs: 5_000,
  fanOutLeaseMs: 15_000,
  fanOutBatch: 500,
  fanOutSaveEvents: 2_000,
  fanOutSaveMs: 1_000,
  fanOutGapMs: 10,
  deliveryLeaseMs: 60_000,
  concurrency: 32,
  perSubscription: 4,
};

/**
 * The outgoing-webhook worker of one process. Stopping stops claiming and waits for the
 * deliveries in flight (each at most the send's time limit). A round is one fan-out pass (until
 * the journal is read) and one claim, and answers what each did; draining works until no event
 * waits and no delivery is due or in flight (tests).
 */
export type WebhookWorker = OutboxWorker;

/**
 * Creates the webhook worker (docs/webhooks.md), an outbox worker: one loop follows the event
 * journal and turns its events into deliveries, another sends due deliveries, up to `concurrency`
 * at once. Both wake on the store's notifications (`journal`, `deliveries`) and poll only as a
 * safety net. It runs wherever the publisher runs; on PostgreSQL several processes share the work
 * through leases. Nothing is lost to a crash or an outage: the fan-out cursor moves only with what
 * it produced, and a delivery is counted before it is sent and confirmed after, so the worst case
 * is a second delivery with the same `webhook-id`.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps, options: WebhookWorkerOptions): WebhookWorker {
  const observer = deps.observer ?? NO_PUBLISHER_OBSERVER;
  const fanOutSteps = createFanOut(
    deps,
    { leaseOwner: options.leaseOwner, leaseMs: options.fanOutLeaseMs, batch: options.fanOutBatch },
    { events: options.fanOutSaveEvents, ms: options.fanOutSaveMs },
  );
  return outboxWorker<ClaimedDelivery>({
    wakeups: deps.store.wakeups,
    clock: deps.clock,
    logger: deps.logger,
    fanOut: {
      intervalMs: options.intervalMs,
      minGapMs: options.fanOutGapMs,
      batch: options.fanOutBatch,
      logger: deps.logger,
      failure: 'webhook fan-out failed',
      async step(wakeSender) {
        const result = await fanOutSteps.step();
        // New deliveries wait in the store: start them here rather than at the next pause (and
        // only then: a claim that finds nothing is a transaction for nothing).
        if (result !== null && result.deliveries > 0) wakeSender();
        return result === null ? null : result.events;
      },
    },
    send: {
      leaseOwner: options.leaseOwner,
      leaseMs: options.deliveryLeaseMs,
      intervalMs: options.intervalMs,
      concurrency: options.concurrency,
      failure: 'webhook delivery claim failed',
      wakeOn: 'deliveries',
      claim: (lease) =>
        deps.store.webhooks.claimDeliveries({ ...lease, perSubscription: options.perSubscription }),
      async work(claimed) {
        const started = performance.now();
        const observe = (result: WebhookDeliveryResult) =>
          observer.webhookDelivered(result, performance.now() - started);
        const result = await deliverWebhook(deps, claimed, options.leaseOwner).catch((error: unknown) => {
          observe('error');
          throw error;
        });
        observe(deliveryResultOf(result));
        if (result.endpointDisabled) observer.webhookEndpointDisabled();
        if (result.lost) {
          deps.logger.warn(
            { deliveryId: claimed.delivery.id },
            'webhook delivery lease lost before it was recorded',
          );
        }
      },
      fieldsOf: (claimed) => ({ deliveryId: claimed.delivery.id }),
      crashed: 'webhook delivery failed to complete',
    },
    // What was read without making a message is not read again by the next holder.
    afterStop: () =>
      fanOutSteps.save().catch((error: unknown) => {
        deps.logger.warn(
          { err: error instanceof Error ? error.name : 'unknown', storeAway: isStoreUnavailable(error) },
          'webhook fan-out cursor not saved',
        );
      }),
  });
}

// What an attempt counts as in the metrics.
function deliveryResultOf(result: DeliveryResult): WebhookDeliveryResult {
  if (result.lost) return 'lease_lost';
  if (result.delivered) return 'delivered';
  return result.gaveUp ? 'given_up' : 'retrying';
}
