import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  type Collector,
  type CommentReplier,
  createCollector,
  createCommentReplier,
  createMaintenanceSweeper,
  createWebhookWorker,
  DEFAULT_COLLECTOR_OPTIONS,
  DEFAULT_COMMENT_REPLIER_OPTIONS,
  DEFAULT_WEBHOOK_WORKER_OPTIONS,
  type MaintenanceSweeper,
  type WebhookWorker,
} from '@svc/publisher';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Services } from './open-services.js';
import { engineDeps } from './start-publisher.js';

/**
 * The metric collector on the services' store and gateways (docs/analytics.md), with a lease
 * owner of its own so several processes on one PostgreSQL database share the reads; it looks
 * every SVC_COLLECTOR_INTERVAL_MS and leases for SVC_COLLECTOR_LEASE_MS.
 */
export function createServerCollector(services: Services, config: Config, logger: Logger): Collector {
  return createCollector(engineDeps(services, logger.child({ component: 'collector' })), {
    ...DEFAULT_COLLECTOR_OPTIONS,
    intervalMs: config.collector.intervalMs,
    leaseMs: config.collector.leaseMs,
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

/**
 * The outgoing-webhook worker (docs/webhooks.md): follows the event journal and delivers signed
 * messages, sharing the work with other processes on one PostgreSQL database through leases. A
 * claimed delivery is held as long as a post (SVC_PUBLISHER_LEASE_MS, two minutes by default; a
 * send takes at most 15 s).
 */
export function createServerWebhookWorker(services: Services, config: Config, logger: Logger): WebhookWorker {
  return createWebhookWorker(
    {
      ...engineDeps(services, logger.child({ component: 'webhooks' })),
      ids: services.core.ids,
      webhookSender: services.webhookSender,
      webhookSigner: services.webhookSigner,
    },
    {
      ...DEFAULT_WEBHOOK_WORKER_OPTIONS,
      deliveryLeaseMs: config.publisher.leaseMs,
      // The fan-out is quick; a crashed process's cursor is taken over within seconds.
      fanOutLeaseMs: Math.min(config.publisher.leaseMs, DEFAULT_WEBHOOK_WORKER_OPTIONS.fanOutLeaseMs),
      leaseOwner: leaseOwner(),
    },
  );
}

/**
 * The maintenance sweeps (tokens about to lapse, abandoned upload targets, posts deleted more than
 * 30 days ago, settled webhook messages, …), wherever the publisher runs and for `svc sweep`.
 */
export function createServerSweeper(services: Services, logger: Logger): MaintenanceSweeper {
  return createMaintenanceSweeper({
    ...engineDeps(services, logger.child({ component: 'sweeps' })),
    ids: services.core.ids,
    planLimits: services.core.planLimits,
  });
}

function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
