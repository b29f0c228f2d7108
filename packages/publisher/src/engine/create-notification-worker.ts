import {
  fanOutNotifications,
  type IdGenerator,
  isStoreUnavailable,
  type Mailer,
  type Notification,
  sendNotification,
} from '@svc/core';
import type { BackgroundWorker } from './background-worker.js';
import type { PublisherDeps } from './publisher-deps.js';
import { workerLoop } from './worker-loop.js';

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
  /** The safety poll of both loops (journal notices wake the fan-out; retries fall due with time). */
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
export type NotificationWorker = BackgroundWorker<
  { readonly events: number; readonly claimed: number },
  void
>;

/**
 * Creates the notification worker (docs/notifications.md), built like the webhook worker: one loop
 * follows the journal into the outbox, another sends due messages through the mailer. It runs
 * wherever the publisher runs, and only with SVC_SMTP_URL set. A crash or a database outage loses
 * nothing: the cursor moves only with the rows it produced, and an attempt is counted before it is
 * sent, so the worst case is a message sent twice after a crash mid-send.
 */
export function createNotificationWorker(
  deps: NotificationWorkerDeps,
  options: NotificationWorkerOptions,
): NotificationWorker {
  const inFlight = new Set<Promise<void>>();
  const baseUrl = deps.baseUrl.replace(/\/+$/, '');
  const messageIdDomain = new URL(baseUrl).hostname;
  let heldElsewhere = false;

  const fanOut = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const read = await fanOutNotifications(
        { ...deps, baseUrl },
        { leaseOwner: options.leaseOwner, leaseMs: options.fanOutLeaseMs, batch: options.fanOutBatch },
      );
      heldElsewhere = read === null;
      if (read === null || read === 0) break;
      total += read;
      sender.wake();
      if (read < options.fanOutBatch) break;
    }
    return total;
  };

  const send = (notification: Notification) => {
    const job = sendNotification({ ...deps, messageIdDomain }, notification, options.leaseOwner)
      .then((result) => {
        if (result === 'gave_up')
          deps.logger.warn({ notificationId: notification.id }, 'notification given up');
        if (result === 'lost')
          deps.logger.warn({ notificationId: notification.id }, 'notification lease lost');
      })
      .catch((error: unknown) => {
        // Its lease runs out and it is sent again: at least once, never lost.
        deps.logger.error(
          {
            notificationId: notification.id,
            err: error instanceof Error ? error.name : 'unknown',
            storeAway: isStoreUnavailable(error),
          },
          'notification failed to complete',
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
    const free = options.concurrency - inFlight.size;
    if (free <= 0 || sender.stopping()) return 0;
    const now = deps.clock.now();
    const claimed = await deps.store.notifications.claim({
      now,
      leaseOwner: options.leaseOwner,
      leaseUntil: new Date(now.getTime() + options.sendLeaseMs),
      limit: free,
    });
    for (const n of claimed) send(n);
    return claimed.length;
  };

  const fanOutLoop = workerLoop(fanOut, {
    intervalMs: options.intervalMs,
    minGapMs: 10,
    logger: deps.logger,
    failure: 'notification fan-out failed',
  });
  const sender = workerLoop(claim, {
    intervalMs: options.intervalMs,
    logger: deps.logger,
    failure: 'notification claim failed',
  });

  let unsubscribe: (() => void) | null = null;
  return {
    start() {
      unsubscribe ??= deps.store.wakeups.subscribe('journal', () => {
        if (!heldElsewhere) fanOutLoop.wake();
      });
      fanOutLoop.start();
      sender.start();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await Promise.all([fanOutLoop.stop(), sender.stop()]);
      await Promise.all(inFlight);
    },
    async runOnce() {
      const events = await fanOut();
      return { events, claimed: await claim() };
    },
    async drain() {
      for (;;) {
        const { events, claimed } = await this.runOnce();
        if (inFlight.size > 0) await Promise.all(inFlight);
        else if (events === 0 && claimed === 0) return;
      }
    },
  };
}
