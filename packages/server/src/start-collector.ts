import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type Collector,
  type CommentReplier,
  createCollector,
  createCommentReplier,
  DEFAULT_COLLECTOR_OPTIONS,
  DEFAULT_COMMENT_REPLIER_OPTIONS,
} from '@svc/publisher';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Services } from './open-services.js';
import { engineDeps } from './start-publisher.js';

/**
 * The metric collector on the services' store and gateways (docs/analytics.md), with a lease
 * owner of its own so several processes on one PostgreSQL database share the reads.
 */
export function createServerCollector(services: Services, logger: Logger): Collector {
  return createCollector(engineDeps(services, logger.child({ component: 'collector' })), {
    ...DEFAULT_COLLECTOR_OPTIONS,
    leaseOwner: leaseOwner(),
  });
}

/**
 * The comment replier on the services' store and gateways (docs/automations.md), sharing the
 * inbox with other processes on one PostgreSQL database through leases.
 */
export function createServerReplier(services: Services, config: Config, logger: Logger): CommentReplier {
  return createCommentReplier(engineDeps(services, logger.child({ component: 'replier' })), {
    ...DEFAULT_COMMENT_REPLIER_OPTIONS,
    // A comment is held as long as a post: past it, another process checks and finishes it.
    leaseMs: config.publisher.leaseMs,
    leaseOwner: leaseOwner(),
  });
}

function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
