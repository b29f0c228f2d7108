import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  createPublisher,
  DEFAULT_PUBLISHER_OPTIONS,
  type Publisher,
  type PublisherDeps,
} from '@svc/publisher';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Services } from './open-services.js';

/**
 * Starts the publisher on the services' store and gateways, woken early by posts created in the
 * same process and, on PostgreSQL, in any process on the database (through LISTEN/NOTIFY). Each
 * process gets a unique lease owner, so leases tell publishers apart.
 */
export function startPublisher(services: Services, config: Config, logger: Logger): Publisher {
  const publisher = createPublisher(engineDeps(services, logger.child({ component: 'publisher' })), {
    ...DEFAULT_PUBLISHER_OPTIONS,
    leaseOwner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    intervalMs: config.publisher.intervalMs,
    leaseMs: config.publisher.leaseMs,
    concurrency: config.publisher.concurrency,
    maxAttempts: config.publisher.maxAttempts,
  });
  services.publisherSignal.onPostsDue((dueAt) => publisher.wake(dueAt));
  publisher.start();
  logger.info({ platforms: Object.keys(services.core.platforms) }, 'publisher started');
  return publisher;
}

/** What the publisher, the collector and the sweeps of this process work with. */
export function engineDeps(
  services: Services,
  logger: Logger,
): PublisherDeps & { readonly blobs: Services['core']['blobs'] } {
  return {
    store: services.core.store,
    blobs: services.core.blobs,
    clock: services.core.clock,
    secretBox: services.core.secretBox,
    gateways: services.core.platforms,
    mediaUrl: (id) => services.mediaLinks.urlFor(id),
    logger,
    ...(services.observer === undefined ? {} : { observer: services.observer }),
  };
}
