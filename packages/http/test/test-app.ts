import type { AddressInfo } from 'node:net';
import {
  type ConnectedAccount,
  type CoreDeps,
  createApiKey,
  createUser,
  type PlanKind,
  type PlatformGateways,
  type Store,
  type User,
} from '@svc/core';
import {
  anAccount,
  createScriptedWebhookSender,
  createTestDeps,
  type FakeClock,
  type ScriptedWebhookSender,
  type TestDeps,
} from '@svc/core/testing';
import {
  createHttpApp,
  createMediaLinks,
  type HttpDeps,
  type InstagramWebhookSettings,
} from '../src/index.js';

/** A response body as tests read it: JSON, loosely typed so assertions can reach into it. */
export async function readJson(res: Response): Promise<any> {
  return res.json();
}

/** One log call the app made. */
export type LogLine = { level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; message: string };

/** A running app on loopback with helpers to seed users, keys and accounts. */
export type TestApp = {
  url: string;
  store: Store;
  clock: FakeClock;
  core: CoreDeps;
  /** What the app was built from. */
  deps: HttpDeps;
  /** The doubles behind the media ports. */
  media: TestDeps;
  /** The webhook sender the app checks subscription URLs with: set `refusedUrls` to refuse some. */
  webhookSender: ScriptedWebhookSender;
  logs: LogLine[];
  close(): Promise<void>;
  /** A user with a key carrying `scopes` (every scope by default). */
  userWithKey(options?: {
    scopes?: string[];
    plan?: PlanKind;
    accountIds?: string[] | null;
  }): Promise<{ user: User; key: string }>;
  /** A key for an existing user. */
  keyFor(user: User, scopes?: string[], accountIds?: string[] | null): Promise<string>;
  account(user: User, overrides?: Partial<ConnectedAccount>): Promise<ConnectedAccount>;
  fetch(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
};

let emails = 0;

/** Starts the REST app on 127.0.0.1 with an in-memory store and the real Node crypto ports. */
export async function startTestApp(
  options: {
    store?: Store;
    platforms?: PlatformGateways;
    instagramWebhook?: InstagramWebhookSettings;
    /** More of the app's deps: metrics, a request observer, mounts, rate limits. */
    more?: Pick<HttpDeps, 'metrics' | 'requestObserver' | 'mounts' | 'rateLimits'>;
  } = {},
): Promise<TestApp> {
  const t = createTestDeps(options.store === undefined ? {} : { store: options.store });
  const { store, clock } = t;
  const core = { ...t.deps, platforms: options.platforms ?? {} };
  const logs: LogLine[] = [];
  const webhookSender = createScriptedWebhookSender();
  const log = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) => {
    logs.push({ level, fields, message });
  };
  const deps: HttpDeps = {
    core,
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    mediaLinks: createMediaLinks({
      masterSecret: 'm'.repeat(32),
      baseUrl: 'https://svc.test',
      clock,
      lifetimeSeconds: 3600,
    }),
    webhookSender,
    version: '0.0.0-test',
    trustProxy: false,
    baseUrl: 'https://svc.test',
    instagramWebhook: options.instagramWebhook ?? null,
    ...options.more,
  };
  const server = createHttpApp(deps).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const keyFor = async (user: User, scopes = ['*'], accountIds: string[] | null = null) =>
    (
      await createApiKey(core, { email: user.email, scopes, accountIds, name: null, expiresInDays: null })
    )._unsafeUnwrap().key;

  return {
    url,
    store,
    clock,
    core,
    deps,
    media: t,
    webhookSender,
    logs,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
    async userWithKey({ scopes, plan = 'paid', accountIds = null } = {}) {
      emails += 1;
      const user = (
        await createUser(core, { email: `user${emails}@example.com`, plan, trialDays: 14, betaTester: false })
      )._unsafeUnwrap();
      return { user, key: await keyFor(user, scopes, accountIds) };
    },
    keyFor,
    account: (user, overrides = {}) => store.accounts.saveAccount(anAccount(user.id, overrides)),
    fetch(path, init = {}) {
      const { key, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key !== undefined) headers.set('Authorization', `Bearer ${key}`);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      return fetch(`${url}${path}`, {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
  };
}
