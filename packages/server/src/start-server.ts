import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackAddress } from '@svc/core';
import type { Sandbox } from '@svc/sandbox';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createServiceApp } from './create-service-app.js';
import { capConnections, httpServerOptions, withBodyDeadline } from './http-limits.js';
import { listen } from './listen.js';
import { withServiceMetrics } from './metrics/with-service-metrics.js';
import { openServices } from './open-services.js';
import {
  createServerCollector,
  createServerReplier,
  createServerSweeper,
  createServerWebhookWorker,
} from './start-collector.js';
import { createServerNotifier } from './start-notifier.js';
import { startPublisher } from './start-publisher.js';
import { SERVICE_VERSION } from './version.js';

/** How long shutdown waits for requests in flight before closing their connections. */
const DRAIN_TIMEOUT_MS = 10_000;

/** How often expired OAuth codes, tokens and sessions are deleted. */
const OAUTH_SWEEP_INTERVAL_MS = 60 * 60_000;

/** A running server. */
export type RunningServer = {
  readonly server: Server;
  /** The port actually bound (differs from the configured one when that is 0). */
  readonly port: number;
  /** The platform simulators served under /sandbox/ (null when the sandbox is off); tests steer them. */
  readonly sandbox: Sandbox | null;
  /** Stops taking requests, lets those in flight finish (up to a timeout), closes the database. */
  stop(): Promise<void>;
};

/** Starts the REST API on the configured port with every service it needs. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  // The process's one metrics registry; the services it answers report to it (GET /metrics).
  const { services, metrics } = withServiceMetrics(await openServices(config), {
    token: config.metrics.token,
    version: SERVICE_VERSION,
  });
  if (config.unsafeAllowPrivateFetch) {
    logger.warn(
      {},
      'SVC_UNSAFE_ALLOW_PRIVATE_FETCH is on: media imports and webhooks may reach private addresses over plain http. Use this for tests only.',
    );
  }
  const { app, oauth, sandbox } = createServiceApp(config, services, metrics, logger);
  // Timeouts for each part of a request, a body deadline and a connection cap (docs/operations.md).
  const server = createServer(httpServerOptions(config.http), withBodyDeadline(app.callback(), config.http));
  capConnections(server, config.http);
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await services.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  if (sandbox !== null) warnOfSandbox(config, server, logger);
  // Expired OAuth records are ignored when read, and a rate-limit counter whose window ended starts
  // afresh when hit; sweeping both keeps their tables small. Every API server sweeps (the counters
  // are written here, also where the publisher is off); deleting on several at once is harmless.
  const sweepOAuth = () => {
    oauth.sweep().catch((fault: unknown) => logger.warn({ fault: String(fault) }, 'oauth sweep failed'));
    services.core.store.rateLimits
      .deleteExpired(services.core.clock.now())
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, 'ended rate-limit windows removed');
      })
      .catch((fault: unknown) => logger.warn({ fault: String(fault) }, 'rate-limit sweep failed'));
  };
  sweepOAuth();
  const oauthSweeper = setInterval(sweepOAuth, OAUTH_SWEEP_INTERVAL_MS).unref();
  const publisher = config.publisher.enabled ? startPublisher(services, config, logger) : null;
  // Metrics are collected wherever posts are published (docs/analytics.md). With analytics off the
  // collector still runs: it also asks TikTok for public ids that moderation held back, and metric
  // reads without the insight scopes are recorded as not covered.
  const { features } = config.platforms;
  const collector = config.publisher.enabled ? createServerCollector(services, config, logger) : null;
  collector?.start();
  // So are comment replies (docs/automations.md), with the same rule for comment automations.
  const replier =
    config.publisher.enabled && features.commentAutomations
      ? createServerReplier(services, config, logger)
      : null;
  replier?.start();
  // And outgoing webhooks are delivered (docs/webhooks.md).
  const webhooks = config.publisher.enabled ? createServerWebhookWorker(services, config, logger) : null;
  webhooks?.start();
  // And people are e-mailed about what needs them, with SVC_SMTP_URL set (docs/notifications.md).
  const notifier = config.publisher.enabled ? createServerNotifier(services, config, logger) : null;
  notifier?.start();
  const sweeper = config.publisher.enabled ? createServerSweeper(services, logger) : null;
  sweeper?.start();
  logger.info(
    {
      port,
      baseUrl: config.baseUrl,
      dataDir: config.dataDir,
      mediaStore:
        config.mediaStore.kind === 's3'
          ? `s3://${config.mediaStore.bucket}/${config.mediaStore.prefix}`
          : 'disk',
      sandbox: config.sandbox,
      // What `svc users create` gives without --plan (SVC_DEFAULT_PLAN), so an operator sees it at start.
      newUserPlan:
        config.newUserPlan.plan === 'trial'
          ? `trial (${config.newUserPlan.trialDays} days)`
          : 'paid (no end date)',
      version: SERVICE_VERSION,
    },
    `listening on port ${port}`,
  );
  let stopping: Promise<void> | null = null;
  return {
    server,
    port,
    sandbox,
    stop() {
      // Publishes in flight finish their step and hand their posts back before the database closes.
      clearInterval(oauthSweeper);
      stopping ??= Promise.all([
        drain(server, logger),
        publisher?.stop(),
        collector?.stop(),
        replier?.stop(),
        webhooks?.stop(),
        notifier?.stop(),
        sweeper?.stop(),
      ]).then(() => services.close());
      return stopping;
    },
  };
}

/**
 * The sandbox is the default without platform credentials, so a first `pnpm start` on a reachable
 * host serves simulators there: say so loudly, and who can reach them.
 */
function warnOfSandbox(config: Config, server: Server, logger: Logger): void {
  const { address } = server.address() as AddressInfo;
  if (isLoopbackAddress(address)) return;
  const reach = config.sandboxAccess.exposed
    ? 'SVC_SANDBOX_EXPOSE is on: signed-in console users and platform-API callers reach /sandbox/ from other machines' +
      (config.sandboxAccess.token === null ? '' : ', and SVC_SANDBOX_TOKEN opens its control API')
    : '/sandbox/ answers only clients on this machine (set SVC_SANDBOX_EXPOSE=on to let signed-in people in from elsewhere)';
  logger.warn(
    { sandbox: true, address, exposed: config.sandboxAccess.exposed },
    `Sandbox platforms are on and the server listens on ${address}, not only on loopback: nothing is published to real platforms. ${reach}. Set platform credentials (docs/connections.md) or HOST=127.0.0.1.`,
  );
}

async function drain(server: Server, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => {
    logger.warn({}, 'requests still running after the drain timeout; closing their connections');
    server.closeAllConnections();
  }, DRAIN_TIMEOUT_MS);
  await closed;
  clearTimeout(timer);
}
