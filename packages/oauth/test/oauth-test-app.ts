import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Clock,
  type CoreDeps,
  createUser,
  type MediaFetcher,
  type RateLimitSettings,
  type Store,
  type User,
} from '@svc/core';
import { systemClock } from '@svc/core/node';
import { createScriptedWebhookSender, createStaticFetcher, createTestDeps } from '@svc/core/testing';
import { createHttpApp, createMediaLinks } from '@svc/http';
import { apiKeyBearerVerifier, apiKeyOrOAuthVerifier, createMcpEndpoint } from '@svc/mcp';
import { createSafeFetcher } from '@svc/outbound';
import { openSqliteStore } from '@svc/store-sqlite';
import { secondFactorDeps } from '@svc/web';
import { createOAuthServer, hashPassword, type OAuthServer } from '../src/index.js';

/** The secret the test servers derive their OAuth secrets from (the same across restarts). */
const SECRET = 'oauth-test-secret-of-some-length';

/** A running app as the server wires it: REST, /api/mcp and the OAuth server, on a SQLite file. */
export type OAuthTestApp = {
  /** SVC_BASE_URL and the issuer: the loopback address unless the test set another. */
  readonly baseUrl: string;
  /** Where the server listens: `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly core: CoreDeps;
  readonly store: Store;
  readonly oauth: OAuthServer;
  /** Path of the SQLite file. */
  readonly databasePath: string;
  /** Faults the endpoints logged. */
  readonly faults: string[];
  /** A paid user with a sign-in password. */
  user(password?: string): Promise<User>;
  /** Stops serving and closes the store; the data directory stays for `restart`. */
  stop(): Promise<void>;
  /** Starts a new app on the same port and database file, as a restarted process would. */
  restart(): Promise<OAuthTestApp>;
  /** Stops and removes the data directory. */
  close(): Promise<void>;
};

let emails = 0;

/** Starts the test app on loopback; `https` makes the base URL https (behind a trusted proxy). */
export async function startOAuthTestApp(
  options: {
    dir?: string;
    port?: number;
    trustProxy?: boolean;
    baseUrl?: string;
    /** Serves client ID metadata documents, by URL. */
    documents?: Record<string, unknown>;
    /** Another store than a SQLite file in `dir` (PostgreSQL); `restart` then opens a new one. */
    openStore?: () => Promise<Store>;
    /** The API's rate limits (the authorization server applies the registration one); none by default. */
    rateLimits?: RateLimitSettings;
    /** The authorization server's clock (its records' expiry and the sweep); the real one by default. */
    clock?: Clock;
    /** Everyone must pass a second factor (`SVC_REQUIRE_SECOND_FACTOR`). */
    requireSecondFactor?: boolean;
  } = {},
): Promise<OAuthTestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'svc-oauth-'));
  const databasePath = join(dir, 'svc.db');
  const store =
    options.openStore === undefined ? openSqliteStore({ path: databasePath }) : await options.openStore();
  const doubles = createTestDeps({ store });
  // The authorization server reads the real time (oidc-provider does), so the core does too.
  const core: CoreDeps = { ...doubles.deps, clock: systemClock };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const baseUrl = options.baseUrl ?? `http://127.0.0.1:${port}`;
  const faults: string[] = [];
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (fields: Record<string, unknown>, message: string) => {
      faults.push(`${message} ${JSON.stringify(fields)}`);
    },
  };
  const oauth = createOAuthServer({
    store,
    clock: options.clock ?? systemClock,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    baseUrl,
    secret: SECRET,
    trustProxy: options.trustProxy ?? false,
    secondFactors: secondFactorDeps({ core, baseUrl }),
    requireSecondFactor: options.requireSecondFactor ?? false,
    logger,
    // Documents given: answered from memory. None: the service's SSRF-safe fetcher, for real.
    fetcher:
      options.documents === undefined
        ? createSafeFetcher({ allowPrivate: false })
        : documentFetcher(options.documents),
  });
  const mediaLinks = createMediaLinks({
    masterSecret: SECRET,
    baseUrl,
    clock: systemClock,
    lifetimeSeconds: 3600,
  });
  const mcp = createMcpEndpoint({
    core,
    bearer: apiKeyOrOAuthVerifier(apiKeyBearerVerifier(core), oauth.verifier),
    baseUrl,
    trustProxy: false,
    version: '0.0.0-test',
    logger,
    mediaLinks,
  });
  const app = createHttpApp({
    core,
    logger,
    mediaLinks,
    version: '0.0.0-test',
    trustProxy: false,
    baseUrl,
    mounts: [mcp, oauth],
    webhookSender: createScriptedWebhookSender(),
  });
  server.on('request', app.callback());
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    await store.close();
  };
  let stopped = false;
  return {
    baseUrl,
    url: `http://127.0.0.1:${port}`,
    core,
    store,
    oauth,
    databasePath,
    faults,
    async user(password = 'correct horse battery staple') {
      emails += 1;
      const created = await createUser(core, {
        email: `agent-owner-${emails}-${port}@example.com`,
        plan: 'paid',
        trialDays: 14,
        betaTester: false,
      });
      const user = created._unsafeUnwrap();
      await store.users.setPasswordHash(user.id, await hashPassword(password), systemClock.now());
      return user;
    },
    async stop() {
      if (!stopped) await stop();
      stopped = true;
    },
    async restart() {
      if (!stopped) await stop();
      stopped = true;
      // Let the client side see its kept-alive sockets closed before anything reuses them.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return startOAuthTestApp({ ...options, dir, port });
    },
    async close() {
      if (!stopped) await stop();
      stopped = true;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fetcher that serves the given client ID metadata documents, as JSON, by URL. */
function documentFetcher(documents: Record<string, unknown>): MediaFetcher {
  const fetcher = createStaticFetcher();
  for (const [url, document] of Object.entries(documents)) {
    fetcher.serve(url, new TextEncoder().encode(JSON.stringify(document)));
  }
  return fetcher;
}
