import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from '@svc/sandbox';
import { expect } from 'vitest';
import { createLogger, loadConfig, type RunningServer, startServer } from '../src/index.js';
import { type CliOutcome, freePort, svcInProcess, TEST_RATE_LIMITS } from './support.js';

/** A real server in this process, serving the API and the sandbox platforms on loopback. */
export type SandboxServer = {
  readonly url: string;
  /** The environment the server runs with; child `svc` processes get the same. */
  readonly env: Record<string, string>;
  readonly sandbox: Sandbox;
  readonly running: RunningServer;
  /** Runs `svc` in this process on the same data. */
  cli(args: string[]): Promise<CliOutcome>;
  /** Gives a user a console password the way an operator does: `svc users set-password`, typed on stdin. */
  setPassword(email: string, password: string): Promise<void>;
  /** Calls the REST API with the given key. */
  call(
    path: string,
    key: string,
    init?: RequestInit & { json?: unknown },
  ): Promise<{ status: number; body: any }>;
  /** Calls one tool on /api/mcp with the given key (a plain JSON-RPC POST); the tool's result. */
  callTool(
    key: string,
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ isError?: boolean; structuredContent?: any; content: { text: string }[] }>;
  /** Uploads a file with POST /api/v1/media and returns its media id. */
  upload(key: string, bytes: Uint8Array, name: string): Promise<string>;
  close(): Promise<void>;
};

/** The master secret of every sandbox server the tests start (the sandbox's keys derive from it). */
export const SANDBOX_SERVER_SECRET = 'sandbox-server-test-secret-of-40-characters!';

/**
 * Starts `startServer` with the sandbox on and SVC_BASE_URL pointing at itself, so the adapters
 * reach the simulators over real HTTP, and platforms fetch our signed media links from it.
 */
export async function startSandboxServer(
  extra: Record<string, string> = {},
  // `localhost` for WebAuthn, whose relying-party id must be a domain name, never an address.
  options: { readonly hostName?: string } = {},
): Promise<SandboxServer> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-'));
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    SVC_BASE_URL: `http://${options.hostName ?? '127.0.0.1'}:${port}`,
    SVC_DATA_DIR: dir,
    SVC_SECRET: SANDBOX_SERVER_SECRET,
    SVC_SANDBOX: 'on',
    LOG_LEVEL: 'silent',
    ...TEST_RATE_LIMITS,
    ...extra,
  };
  const loaded = loadConfig(env, process.cwd());
  if (!loaded.ok) throw new Error(loaded.error);
  const running = await startServer(loaded.config, createLogger({ level: 'silent', destination: 'stdout' }));
  if (running.sandbox === null) throw new Error('the sandbox is off');
  const url = env.SVC_BASE_URL as string;
  return {
    url,
    env,
    sandbox: running.sandbox,
    running,
    cli: (args) => svcInProcess(args, env),
    async setPassword(email, password) {
      const set = await svcInProcess(
        ['users', 'set-password', '--email', email, '--password-stdin'],
        env,
        password,
      );
      expect(set.code, set.stderr).toBe(0);
    },
    async call(path, key, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('Authorization', `Bearer ${key}`);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      const res = await fetch(`${url}${path}`, {
        ...rest,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: res.status, body: await res.json() };
    },
    async callTool(key, name, args) {
      const res = await fetch(`${url}/api/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      });
      if (res.status !== 200) throw new Error(`${name} answered HTTP ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { result: any }).result;
    },
    async upload(key, bytes, name) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const res = await fetch(`${url}/api/v1/media`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        body: form,
      });
      const body = (await res.json()) as { mediaId?: string };
      if (res.status !== 200 || body.mediaId === undefined) {
        throw new Error(`upload of ${name} answered ${res.status}: ${JSON.stringify(body)}`);
      }
      return body.mediaId;
    },
    async close() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user with a key of every scope and one sandbox account per platform given. */
export async function seedUser(
  server: SandboxServer,
  platforms: readonly string[],
): Promise<{ key: string; accounts: Record<string, string> }> {
  await server.cli(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid']);
  const accounts: Record<string, string> = {};
  for (const platform of platforms) {
    const connected = await server.cli([
      'accounts',
      'connect-sandbox',
      '--email',
      'ann@example.com',
      '--platform',
      platform,
      '--handle',
      `ann_${platform}`,
    ]);
    if (connected.code !== 0) throw new Error(connected.stderr);
    accounts[platform] = connected.json.id;
  }
  const key = (await server.cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'])).json.key;
  return { key, accounts };
}

/** A small JPEG the platforms take (64×48). */
export const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

/** Uploads a JPEG and asks for it to be published on the Instagram account at once; the post id. */
export async function publishInstagramPhoto(
  server: SandboxServer,
  key: string,
  accountId: string,
  caption: string,
): Promise<string> {
  const image = await server.upload(key, JPEG, 'photo.jpg');
  const created = await server.call('/api/v1/publish', key, {
    method: 'POST',
    json: { platforms: ['instagram'], profileIds: [accountId], caption, mediaIds: [image] },
  });
  if (created.status !== 200)
    throw new Error(`publish answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.postIds[0];
}

/** Polls a post until it settles (posted or failed) or the time runs out. */
export async function settled(
  server: SandboxServer,
  key: string,
  postId: string,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await server.call(`/api/v1/posts/${postId}`, key);
    if (body.status === 'posted' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`post ${postId} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
