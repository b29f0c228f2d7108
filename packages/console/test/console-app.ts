import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createSignInLimiter,
  createUser,
  operatorActor,
  type PlatformGateways,
  type PlatformSetup,
  type User,
} from '@svc/core';
import { hashPassword } from '@svc/core/node';
import {
  createScriptedWebhookSender,
  createTestDeps,
  type ScriptedWebhookSender,
  type TestDeps,
} from '@svc/core/testing';
import { createAgentAccess } from '@svc/oauth';
import { createConsole } from '../src/index.js';

/** A page as a test reads it. */
export type Page = { status: number; headers: Headers; text: string };

/** The console on loopback over an in-memory store, with a browser-like cookie jar per client. */
export type ConsoleApp = {
  readonly url: string;
  readonly t: TestDeps;
  /** Checks webhook URLs: those in `refusedUrls` are refused. */
  readonly webhookSender: ScriptedWebhookSender;
  /** A user with this password. */
  user(email?: string, password?: string): Promise<User>;
  /** A client: keeps its cookie, reads pages, posts forms (with the page's anti-forgery token). */
  client(): ConsoleClient;
  close(): Promise<void>;
};

/** What a test does with the console, as a browser without JavaScript would. */
export type ConsoleClient = {
  get(path: string): Promise<Page>;
  /** Posts a form; `_csrf` is taken from the last page read unless given. */
  post(
    path: string,
    fields: Record<string, string | string[]>,
    headers?: Record<string, string>,
  ): Promise<Page>;
  signIn(email: string, password: string): Promise<Page>;
  /** The Cookie header this client sends (every cookie it keeps), or null. */
  cookie(): string | null;
};

let serial = 0;

/** Starts the console alone (no API) on 127.0.0.1. */
export async function startConsoleApp(
  options: { platforms?: PlatformGateways; platformSetup?: PlatformSetup } = {},
): Promise<ConsoleApp> {
  const t = createTestDeps(options.platforms === undefined ? {} : { platforms: options.platforms });
  const logs: string[] = [];
  const webhookSender = createScriptedWebhookSender();
  let url = '';
  const server: Server = createServer((req, res) => web().handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webConsole = createConsole({
    core: t.deps,
    baseUrl: url,
    trustProxy: false,
    logger: { warn: (_f, m) => logs.push(m), error: (_f, m) => logs.push(m) },
    signInLimiter: createSignInLimiter(t.store.rateLimits, t.clock),
    agents: createAgentAccess(t.store.oauth, t.clock),
    webhookSender,
    ...(options.platformSetup === undefined ? {} : { platformSetup: options.platformSetup }),
  });
  const web = () => webConsole;
  return {
    url,
    t,
    webhookSender,
    async user(email = `person${++serial}@example.com`, password = 'correct horse battery') {
      const user = (
        await createUser(t.deps, { email, plan: 'paid', trialDays: 14, betaTester: false })
      )._unsafeUnwrap();
      await t.store.users.setPasswordHash(user.id, await hashPassword(password), t.clock.now());
      return user;
    },
    client() {
      // Cookies by name and path (the console's session lives on /, an invitation's on /invite),
      // each sent everywhere: the browser tests check the paths.
      const jar = new Map<string, string>();
      let cookie: string | null = null;
      let csrf = '';
      const read = async (res: Response): Promise<Page> => {
        for (const set of res.headers.getSetCookie()) {
          const [pair = '', ...attributes] = set.split(';').map((p) => p.trim());
          const path = attributes.find((a) => a.startsWith('Path='))?.slice(5) ?? '/';
          const key = `${pair.split('=')[0]};${path}`;
          if (pair.endsWith('=')) jar.delete(key);
          else jar.set(key, pair);
        }
        cookie = jar.size === 0 ? null : [...jar.values()].join('; ');
        const text = await res.text();
        csrf = /name="_csrf" value="([^"]+)"/.exec(text)?.[1] ?? csrf;
        return { status: res.status, headers: res.headers, text };
      };
      const client: ConsoleClient = {
        async get(path) {
          return read(
            await fetch(`${url}${path}`, { headers: cookie === null ? {} : { cookie }, redirect: 'manual' }),
          );
        },
        async post(path, fields, headers = {}) {
          const body = new URLSearchParams();
          if (!('_csrf' in fields)) body.append('_csrf', csrf);
          for (const [name, value] of Object.entries(fields))
            for (const v of [value].flat()) body.append(name, v);
          return read(
            await fetch(`${url}${path}`, {
              method: 'POST',
              body,
              headers: { origin: url, ...(cookie === null ? {} : { cookie }), ...headers },
              redirect: 'manual',
            }),
          );
        },
        signIn: (email, password) => client.post('/app/sign-in', { email, password, next: '/app' }),
        cookie: () => cookie,
      };
      return client;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The operator's actor for a user, to set up data through the use cases. */
export const ownerOf = operatorActor;
