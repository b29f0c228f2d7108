import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MCP_PATH, validatePostPayload } from '@svc/core';
import { migratePostgres } from '@svc/store-postgres';
import { migrateSqlite } from '@svc/store-sqlite';
import { createLogger } from '../create-logger.js';
import { type MetricsServer, startMetricsServer } from '../metrics/start-metrics-server.js';
import { withServiceMetrics } from '../metrics/with-service-metrics.js';
import { DATABASE_FILE, openServices } from '../open-services.js';
import {
  createServerCollector,
  createServerReplier,
  createServerSweeper,
  createServerWebhookWorker,
} from '../start-collector.js';
import { createServerNotifier } from '../start-notifier.js';
import { startPublisher } from '../start-publisher.js';
import { startServer } from '../start-server.js';
import { SERVICE_VERSION } from '../version.js';
import { type CliCommand, CliFailure, type CliIo, printJson } from './cli-command.js';
import { configOf } from './command-support.js';
import { runUntilSignal } from './run-until-signal.js';

/** `svc serve`. */
export const serve: CliCommand = {
  name: 'serve',
  summary: 'Run the API server',
  help: `Usage: svc serve

Runs on PORT the REST API (its OpenAPI document at /api/v1/openapi.json, docs/rest-api.md), the
agent-tool endpoint ${MCP_PATH} with its OAuth authorization server
(docs/agents.md), the web console at /app (docs/console.md), Meta's Instagram comment webhooks at
/webhooks/instagram, Prometheus metrics at /metrics (behind SVC_METRICS_TOKEN when set;
docs/operations.md), the sandbox platforms (when on) and, unless SVC_PUBLISHER=off, the
publisher, the metric collector (docs/analytics.md) and the Instagram comment replier
(docs/automations.md), with the data in DATABASE_URL (PostgreSQL) or SVC_DATA_DIR, until SIGTERM
or SIGINT. Logs JSON lines on stdout. Several servers and publishers may share one database
(docs/deployment.md). On a signal it stops taking requests, lets those in flight finish and
closes the database before it exits. See docs/configuration.md for the environment variables.`,
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_, io) {
    const config = configOf(io);
    const logger = createLogger({ level: config.logLevel, destination: 'stdout' });
    const running = await startServer(config, logger);
    return runUntilSignal(logger, () => running.stop());
  },
};

/** `svc publisher`. */
export const publisherCommand: CliCommand = {
  name: 'publisher',
  summary: 'Run only the publisher',
  help: `Usage: svc publisher

Runs the publisher alone (no HTTP) on the data in DATABASE_URL or SVC_DATA_DIR until SIGTERM or
SIGINT: it claims due posts under a lease, publishes them and records the outcome, collects the
published posts' metrics on their schedule (docs/analytics.md), and answers Instagram comments for
live automations (docs/automations.md), and delivers outgoing webhooks (docs/webhooks.md). Use it with
SVC_PUBLISHER=off on the API server to publish from another process (any number of them share one
PostgreSQL database). On a signal it finishes the current step of each publish, hands those posts
back for the next publisher to resume, and exits. Settings:
SVC_PUBLISHER_INTERVAL_MS, SVC_PUBLISHER_LEASE_MS, SVC_PUBLISHER_CONCURRENCY,
SVC_PUBLISHER_PLATFORM_CONCURRENCY, SVC_PUBLISHER_ACCOUNT_CONCURRENCY, SVC_PUBLISHER_MAX_ATTEMPTS
(docs/configuration.md, docs/publishing.md). With SVC_METRICS_PORT set it serves Prometheus
metrics at /metrics on that port (behind SVC_METRICS_TOKEN when set; docs/operations.md).`,
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_, io) {
    const config = configOf(io);
    const logger = createLogger({ level: config.logLevel, destination: 'stdout' });
    const opened = await openServices(config);
    // Metrics only when asked for: without SVC_METRICS_PORT nobody could read them.
    let services = opened;
    let metricsServer: MetricsServer | null = null;
    if (config.metrics.port !== null) {
      const metered = withServiceMetrics(opened, { token: config.metrics.token, version: SERVICE_VERSION });
      services = metered.services;
      metricsServer = await startMetricsServer(metered.metrics, {
        port: config.metrics.port,
        host: config.host,
        logger,
      }).catch(async (error: unknown) => {
        await opened.close();
        throw error;
      });
      logger.info({ metricsPort: metricsServer.port }, `metrics listening on port ${metricsServer.port}`);
    }
    const publisher = startPublisher(services, config, logger);
    // The collector runs even with analytics off: it also asks TikTok for public ids that
    // moderation held back; metric reads without the insight scopes are recorded as not covered.
    const collector = createServerCollector(services, config, logger);
    collector.start();
    // Comment automations switched off ask no scopes, so the replier stays idle.
    const { features } = config.platforms;
    const replier = createServerReplier(services, config, logger);
    if (features.commentAutomations) replier.start();
    const webhooks = createServerWebhookWorker(services, config, logger);
    webhooks.start();
    const notifier = createServerNotifier(services, config, logger);
    notifier?.start();
    const sweeper = createServerSweeper(services, logger);
    sweeper.start();
    return runUntilSignal(logger, async () => {
      await Promise.all([
        publisher.stop(),
        collector.stop(),
        replier.stop(),
        webhooks.stop(),
        notifier?.stop(),
        sweeper.stop(),
      ]);
      await Promise.all([services.close(), metricsServer?.stop()]);
    });
  },
};

/** `svc migrate`. */
export const migrate: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations',
  help: `Usage: svc migrate

Applies the migrations the database lacks and prints {"applied": [...]} (empty when it is up to
date): the PostgreSQL database in DATABASE_URL when set, else SQLite in SVC_DATA_DIR. The server
also migrates on start unless SVC_MIGRATE_ON_START=off; run this to migrate as a separate
deployment step (docs/deployment.md).`,
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_, io) {
    const config = configOf(io);
    printJson(
      io,
      config.databaseUrl === null
        ? migrateSqlite(join(config.dataDir, DATABASE_FILE))
        : await migratePostgres(config.databaseUrl),
    );
    return 0;
  },
};

/** `svc validate`. */
export const validate: CliCommand = {
  name: 'validate',
  summary: 'Check a post payload against the content policy, offline',
  help: `Usage: svc validate FILE    (or - for standard input)

Reads one post creation payload (the JSON body of POST /api/v1/posts) and prints the policy
result {"ok", "errors", "warnings"}. Exits 1 when there are errors. Needs no server, database or
network: media links are counted, not fetched.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run({ positionals }, io) {
    const result = validatePostPayload(parseJson(await readInput(positionals[0] ?? '-', io)));
    printJson(io, result);
    return result.ok ? 0 : 1;
  },
};

async function readInput(file: string, io: CliIo): Promise<string> {
  if (file === '-') return io.readStdin();
  try {
    return await readFile(resolve(io.cwd, file), 'utf8');
  } catch {
    throw new CliFailure(`Cannot read ${file}.`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CliFailure('The payload is not valid JSON.');
  }
}
