import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  createNotificationWorker,
  DEFAULT_NOTIFICATION_WORKER_OPTIONS,
  type NotificationWorker,
} from '@svc/publisher';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Services } from './open-services.js';

/**
 * The e-mail notification worker (docs/notifications.md) wherever the publisher runs, or null
 * without SVC_SMTP_URL: then nobody is e-mailed and the outbox is not filled. Several processes on
 * one PostgreSQL database share the work through leases, like the webhook worker.
 */
export function createServerNotifier(
  services: Services,
  config: Config,
  logger: Logger,
): NotificationWorker | null {
  if (services.mailer === null) return null;
  return createNotificationWorker(
    {
      store: services.core.store,
      clock: services.core.clock,
      secretBox: services.core.secretBox,
      ids: services.core.ids,
      logger: logger.child({ component: 'notifications' }),
      mailer: services.mailer,
      baseUrl: config.baseUrl,
    },
    {
      ...DEFAULT_NOTIFICATION_WORKER_OPTIONS,
      // A claimed message is held as long as a post (SVC_PUBLISHER_LEASE_MS), as webhook deliveries are.
      sendLeaseMs: config.publisher.leaseMs,
      fanOutLeaseMs: Math.min(config.publisher.leaseMs, DEFAULT_NOTIFICATION_WORKER_OPTIONS.fanOutLeaseMs),
      leaseOwner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    },
  );
}
