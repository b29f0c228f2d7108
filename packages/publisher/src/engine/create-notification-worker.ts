import {
  fanOutNotifications,
  type IdGenerator,
  type Mailer,
  makeDailyDigests,
  type Notification,
  sendNotification,
} from '@svc/core';
import { type OutboxWorker, outboxWorker } from './outbox-worker.js';
import type { PublisherDeps } from './publisher-deps.js';

/** What the notification worker works with. */
export type NotificationWorkerDeps = Pick<PublisherDeps, 'store' | 'clock' | 'secretBox' | 'logger'> & {
  readonly ids: IdGenerator;
  readonly mailer: Mailer;
  /** `SVC_BASE_URL`: links in messages, and the domain of their Message-IDs. */
  readonly baseUrl: string;
};

/** How the notification worker works. */
export type NotificationWorkerOptions = {
  /** Identifies this process's leases. */
  readonly leaseOwner: string;
  /**
   * The safety poll of both loops (journal notices wake the fan-out; retries fall due with time),
   * and the least time between two daily digest passes.
   */
  readonly intervalMs: number;
  readonly fanOutLeaseMs: number;
  readonly fanOutBatch: number;
  /** A claimed notification's lease: longer than a send can take, or it may be sent twice. */
  readonly sendLeaseMs: number;
  /** Messages in flight in this process. */
  readonly concurrency: number;
};

/** The defaults `svc serve` and `svc publisher` run with. */
export const DEFAULT_NOTIFICATION_WORKER_OPTIONS: Omit<NotificationWorkerOptions, 'leaseOwner'> = {
  intervalMs: 5_000,
  fanOutLeaseMs: 15_000,
  fanOutBatch: 500,
  sendLeaseMs: 120_000,
  concurrency: 4,
};

/** The e-mail notification worker of one process: a round is one fan-out pass and one claim. */
export type NotificationWorker = OutboxWorker;

/**
 * Creates the notification worker (docs/notifications.md), an outbox worker like the webhook
 * worker: one loop follows the journal into the outbox (and makes the daily digests that are due),
 * another sends due messages through the mailer. It runs wherever the publisher runs, and only with SVC_SMTP_URL set. A crash or a
 * database outage loses nothing: the cursor moves only with the rows it produced, and an attempt
 * is counted before it is sent, so the worst case is a message sent twice after a crash mid-send.
 */
export function createNotificationWorker(
  deps: NotificationWorkerDeps,
  options: NotificationWorkerOptions,
): NotificationWorker {
  const baseUrl = deps.baseUrl.replace(/\/+$/, '');
  const messageIdDomain = new URL(baseUrl).hostname;
  const lease = {
    leaseOwner: options.leaseOwner,
    leaseMs: options.fanOutLeaseMs,
    batch: options.fanOutBatch,
  };
  // The digest pass runs with the fan-out, at most once per poll interval: journal notices wake
  // the fan-out far more often. Timed on the monotonic clock, so a wall clock set back cannot stop it.
  let nextDigestPass = 0;
  const digests = async (): Promise<number> => {
    if (performance.now() < nextDigestPass) return 0;
    nextDigestPass = performance.now() + options.intervalMs;
    return makeDailyDigests({ ...deps, baseUrl });
  };
  return outboxWorker<Notification>({
    wakeups: deps.store.wakeups,
    clock: deps.clock,
    logger: deps.logger,
    fanOut: {
      intervalMs: options.intervalMs,
      minGapMs: 10,
      batch: options.fanOutBatch,
      logger: deps.logger,
      failure: 'notification fan-out failed',
      async step(wakeSender) {
        const read = await fanOutNotifications({ ...deps, baseUrl }, lease);
        if (read !== null && read > 0) wakeSender();
        if ((await digests()) > 0) wakeSender();
        return read;
      },
    },
    send: {
      leaseOwner: options.leaseOwner,
      leaseMs: options.sendLeaseMs,
      intervalMs: options.intervalMs,
      concurrency: options.concurrency,
      failure: 'notification claim failed',
      claim: (lease) => deps.store.notifications.claim(lease),
      async work(notification) {
        const result = await sendNotification({ ...deps, messageIdDomain }, notification, options.leaseOwner);
        if (result === 'gave_up')
          deps.logger.warn({ notificationId: notification.id }, 'notification given up');
        if (result === 'lost')
          deps.logger.warn({ notificationId: notification.id }, 'notification lease lost');
      },
      fieldsOf: (notification) => ({ notificationId: notification.id }),
      crashed: 'notification failed to complete',
    },
  });
}
