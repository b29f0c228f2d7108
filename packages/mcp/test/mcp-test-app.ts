import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ConnectedAccount,
  type CoreDeps,
  createApiKey,
  createRateLimiter,
  createUser,
  type PlanKind,
  type PlatformGateways,
  type RateLimitSettings,
  type User,
} from '@svc/core';
import { anAccount, createScriptedWebhookSender, createTestDeps, type TestDeps } from '@svc/core/testing';
import { createHttpApp, createMediaLinks } from '@svc/http';
import { apiKeyBearerVerifier, createMcpEndpoint } from '../src/index.js';

/** The Accept header the transport requires. */
export const ACCEPT = 'application/json, text/event-stream';

/** A running REST app with /api/mcp mounted, on loopback, with helpers to seed and call. */
export type McpTestApp = {
  url: string;
  baseUrl: string;
  core: CoreDeps;
  doubles: TestDeps;
  faults: string[];
  /** Every log line the endpoint and the app wrote, in order. */
  logs: { level: string; fields: Record<string, unknown>; message: string }[];
  close(): Promise<void>;
  userWithKey(options?: {
    scopes?: string[];
    plan?: PlanKind;
    accountIds?: string[] | null;
  }): Promise<{ user: User; key: string }>;
  keyFor(user: User, scopes?: string[], accountIds?: string[] | null): Promise<string>;
  account(user: User, overrides?: Partial<ConnectedAccount>): Promise<ConnectedAccount>;
  /** An SDK client connected to /api/mcp, with the key as its Bearer token when given. */
  client(key?: string): Promise<Client>;
  /** A raw JSON-RPC POST with the right Accept header unless overridden. */
  rpc(
    body: unknown,
    init?: { key?: string; headers?: Record<string, string>; path?: string },
  ): Promise<Response>;
};

let emails = 0;

/** Starts the app the way the server wires it, with the in-memory core and its test doubles. */
export async function startMcpTestApp(
  options: { baseUrl?: string; platforms?: PlatformGateways; rateLimits?: RateLimitSettings } = {},
): Promise<McpTestApp> {
  const doubles = createTestDeps();
  const core = { ...doubles.deps, platforms: options.platforms ?? {} };
  const baseUrl = options.baseUrl ?? 'http://localhost:3000';
  const faults: string[] = [];
  const logs: McpTestApp['logs'] = [];
  const logger = {
    info: (fields: Record<string, unknown>, message: string) => {
      logs.push({ level: 'info', fields, message });
    },
    warn: (fields: Record<string, unknown>, message: string) => {
      logs.push({ level: 'warn', fields, message });
    },
    error: (fields: Record<string, unknown>, message: string) => {
      logs.push({ level: 'error', fields, message });
      faults.push(message);
    },
  };
  const mediaLinks = createMediaLinks({
    masterSecret: 'm'.repeat(32),
    baseUrl,
    clock: core.clock,
    lifetimeSeconds: 3600,
  });
  // One limiter for both surfaces, as the server wires them: they share the counters.
  const rateLimiter = createRateLimiter({ store: core.store.rateLimits, clock: core.clock });
  const mcp = createMcpEndpoint({
    core,
    rateLimiter,
    bearer: apiKeyBearerVerifier(core),
    baseUrl,
    trustProxy: false,
    version: '0.0.0-test',
    logger,
    mediaLinks,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
  });
  const app = createHttpApp({
    core,
    logger,
    mediaLinks,
    version: '0.0.0-test',
    trustProxy: false,
    baseUrl,
    mounts: [mcp],
    rateLimiter,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    webhookSender: createScriptedWebhookSender(),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: Client[] = [];

  const keyFor = async (user: User, scopes = ['*'], accountIds: string[] | null = null) =>
    (
      await createApiKey(core, { email: user.email, scopes, accountIds, name: null, expiresInDays: null })
    )._unsafeUnwrap().key;

  return {
    url,
    baseUrl,
    core,
    doubles,
    faults,
    logs,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
    async userWithKey({ scopes, plan = 'paid', accountIds = null } = {}) {
      emails += 1;
      const user = (
        await createUser(core, { email: `mcp${emails}@example.com`, plan, trialDays: 14, betaTester: false })
      )._unsafeUnwrap();
      return { user, key: await keyFor(user, scopes, accountIds) };
    },
    keyFor,
    account: (user, overrides = {}) => core.store.accounts.saveAccount(anAccount(user.id, overrides)),
    async client(key) {
      const client = new Client({ name: 'mcp-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${url}/api/mcp`), {
        requestInit: key === undefined ? {} : { headers: { Authorization: `Bearer ${key}` } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    rpc(body, init = {}) {
      const headers: Record<string, string> = {
        Accept: ACCEPT,
        'Content-Type': 'application/json',
        ...init.headers,
      };
      if (init.key !== undefined) headers.Authorization = `Bearer ${init.key}`;
      return fetch(`${url}${init.path ?? '/api/mcp'}`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
  };
}

/** The parsed JSON error body of a refused tool call result. */
export function refusalOf(result: unknown): {
  error: string;
  code: string;
  details?: Record<string, unknown>;
} {
  const r = result as { isError?: boolean; content: { type: string; text: string }[] };
  if (r.isError !== true) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return JSON.parse(r.content[0]?.text ?? '{}');
}

/** A response body as tests read it: JSON, loosely typed so assertions can reach into it. */
export async function readJson(res: Response): Promise<any> {
  return res.json();
}
