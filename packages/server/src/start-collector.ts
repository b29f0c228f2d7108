import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Collector, createCollector, DEFAULT_COLLECTOR_OPTIONS } from '@svc/publisher';
import type { Logger } from 'pino';
import type { Services } from './open-services.js';
import { engineDeps } from './start-publisher.js';

/**
 * The metric collector on the services' store and gateways (docs/analytics.md), with a lease
 * owner of its own so several processes on one PostgreSQL database share the reads.
 */
export function createServerCollector(services: Services, logger: Logger): Collector {
  return createCollector(engineDeps(services, logger.child({ component: 'collector' })), {
    ...DEFAULT_COLLECTOR_OPTIONS,
    leaseOwner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  });
}
