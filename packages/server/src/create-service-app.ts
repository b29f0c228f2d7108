import { createConsole, createUnsubscribeSurface, UNSUBSCRIBE_PATH } from '@svc/console';
import { createRateLimiter, createSignInLimiter, MCP_PATH } from '@svc/core';
import { createHttpApp } from '@svc/http';
import { apiKeyBearerVerifier, apiKeyOrOAuthVerifier, createMcpEndpoint } from '@svc/mcp';
import { createAgentAccess, createOAuthServer, type OAuthServer } from '@svc/oauth';
import type { Sandbox } from '@svc/sandbox';
import { createOidcSignOn, secondFactorDeps } from '@svc/web';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { labelledMount } from './metrics/labelled-mount.js';
import type { ServiceMetrics } from './metrics/with-service-metrics.js';
import type { Services } from './open-services.js';
import { platformSetupOf } from './platform-checks.js';
import { createServerSandbox } from './server-sandbox.js';
import { SERVICE_VERSION } from './version.js';

/** The server's one HTTP app, with the surfaces the server keeps steering after it is built. */
export type ServiceApp = {
  /** The REST API's Koa app with every other surface mounted ahead of its routes. */
  readonly app: ReturnType<typeof createHttpApp>;
  /** Its records are swept on a timer. */
  readonly oauth: OAuthServer;
  /** The platform simulators under /sandbox/ (null when the sandbox is off); tests steer them. */
  readonly sandbox: Sandbox | null;
};

/**
 * Builds every HTTP surface (the OAuth server, the tool endpoint, the console, the sandbox, REST)
 * and composes them into one app: the one place the server's HTTP app is assembled. The surfaces
 * other than REST are mounted ahead of the REST routes and write their own responses, with the
 * same request id, access log line and metrics label.
 */
export function createServiceApp(
  config: Config,
  services: Services,
  metrics: ServiceMetrics,
  logger: Logger,
): ServiceApp {
  // One allowance of sign-in attempts for the OAuth page and the console (docs/console.md), counted
  // in the database, so every server process shares it.
  const signInLimiter = createSignInLimiter(services.core.store.rateLimits, services.core.clock);
  // The API's limits, decided in memory and leased from the database in blocks (docs/rate-limits.md):
  // one limiter for REST and the tool endpoint, which count on the same counters.
  const rateLimiter = createRateLimiter({
    store: services.core.store.rateLimits,
    clock: services.core.clock,
  });
  // Single sign-on through the operator's OpenID Connect provider, for the console and the agents'
  // sign-in page alike (docs/security.md, "Single sign-on").
  const sso = config.singleSignOn;
  const signOn =
    sso === null
      ? undefined
      : createOidcSignOn(sso.settings, { ...services.core.store, ...services.core, baseUrl: config.baseUrl });
  // The OAuth authorization server (/oauth/*, its metadata) is a Koa app of its own, with OAuth's
  // error format.
  const oauth = createOAuthServer({
    signInLimiter,
    store: services.core.store,
    clock: services.core.clock,
    baseUrl: config.baseUrl,
    secret: services.oauthSecret,
    trustProxy: config.trustProxy,
    requireSecondFactor: config.requireSecondFactor,
    secondFactors: secondFactorDeps({ core: services.core, baseUrl: config.baseUrl }),
    logger,
    fetcher: services.core.fetcher,
    rateLimits: config.rateLimits,
    ...(signOn === undefined ? {} : { singleSignOn: signOn }),
  });
  // The agent-tool endpoint (/api/mcp) and its OAuth resource metadata.
  const mcp = createMcpEndpoint({
    core: services.core,
    bearer: apiKeyOrOAuthVerifier(apiKeyBearerVerifier(services.core, logger), oauth.verifier),
    baseUrl: config.baseUrl,
    trustProxy: config.trustProxy,
    version: SERVICE_VERSION,
    logger,
    mediaLinks: services.mediaLinks,
    rateLimits: config.rateLimits,
    rateLimiter,
  });
  // The web console at /app, for the people behind the accounts.
  const webConsole = createConsole({
    core: services.core,
    baseUrl: config.baseUrl,
    trustProxy: config.trustProxy,
    requireSecondFactor: config.requireSecondFactor,
    logger,
    signInLimiter,
    agents: createAgentAccess(services.core.store.oauth, services.core.clock),
    webhookSender: services.webhookSender,
    mailer: services.mailer,
    platformSetup: platformSetupOf(config),
    ...(signOn === undefined || sso === null ? {} : { singleSignOn: { signOn, rules: sso.rules } }),
  });
  // The platform simulators, behind their gate (docs/security.md).
  const sandbox = createServerSandbox(config, services, (req) => webConsole.signedInUser(req));
  const app = createHttpApp({
    core: services.core,
    logger,
    mediaLinks: services.mediaLinks,
    mediaRedirect: services.mediaRedirect,
    version: SERVICE_VERSION,
    trustProxy: config.trustProxy,
    baseUrl: config.baseUrl,
    mailer: services.mailer,
    rateLimits: config.rateLimits,
    rateLimiter,
    mounts: [
      labelledMount(MCP_PATH, mcp),
      labelledMount('/oauth', oauth),
      labelledMount('/app', webConsole),
      // One-click unsubscribe of e-mail notifications (docs/notifications.md): no sign-in.
      labelledMount(UNSUBSCRIBE_PATH, createUnsubscribeSurface({ core: services.core })),
      ...(sandbox === null ? [] : [labelledMount('/sandbox', sandbox)]),
    ],
    metrics: metrics.exposition,
    requestObserver: metrics.requests,
    instagramWebhook: services.instagramWebhook,
    webhookSender: services.webhookSender,
  });
  return { app, oauth, sandbox };
}
