import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, Store, WebhookEventType } from '@svc/core';
import { createAesGcmSecretBox, systemClock } from '@svc/core/node';
import { aPost, aUser } from '@svc/core/testing';
import { createSandbox, mintSandboxAccount, type Sandbox } from '@svc/sandbox';
import { openPostgresStore } from '@svc/store-postgres';
import { type SimulatorProcess, startSimulatorProcess } from './simulator-process.js';
import { subscribeWebhook } from './subscribe-webhook.js';
import { SVC_BIN } from './support.js';

// Several `svc publisher` processes on one PostgreSQL database, publishing to a Facebook Pages
// simulator, so the simulator's own record says what reached the platform. The simulator is served
// from this process (tests reach it through `sandbox.control`) or from a process of its own
// (`pnpm bench:scale-out`, so the bench process's CPU does not cap four publishers).

// The benchmark makes its databases through here: @svc/store-postgres is this package's dependency.
export { createScratchDatabase } from '@svc/store-postgres/testing';

const MASTER_SECRET = 'publisher-fleet-master-secret-of-40-chars!!';
const SANDBOX_SECRET = 'publisher-fleet-sandbox-secret';

/** One `svc publisher` child process. */
export type FleetPublisher = {
  readonly child: ChildProcess;
  /** Posts this process logged as published so far. */
  published(): number;
  readonly exited: Promise<void>;
};

/**
 * The simulator, the database and the publishers of one run; `sandbox` is the in-process
 * simulator, null when it runs in a process of its own.
 */
export type PublisherFleet<S extends Sandbox | null = Sandbox> = {
  readonly sandbox: S;
  readonly store: Store;
  /** What `svc` processes of the fleet run with: the database, the simulator, the secret. */
  readonly env: Readonly<Record<string, string>>;
  /**
   * A user with `pages` Facebook Pages and `count` text posts to them, round-robin, all due at
   * `due`; the post ids in order and the owner's email (for `svc keys create`).
   */
  seedDuePosts(
    count: number,
    options: { pages: number; due: Date },
  ): Promise<{ ids: string[]; email: string; ownerId: string }>;
  /**
   * Subscribes `url` to `events` of the owner's accounts, as POST /api/v1/webhooks would (made now,
   * so it hears what happens from now on); the signing secret.
   */
  subscribe(ownerId: string, url: string, events: readonly WebhookEventType[]): Promise<string>;
  /** Starts a publisher process with the fleet's environment (plus `env`). */
  startPublisher(env?: Record<string, string>): FleetPublisher;
  /** Publications on the simulator so far. */
  publishedCount(): Promise<number>;
  /** Captions of the publications on the simulator so far, oldest first. */
  publishedCaptions(): Promise<string[]>;
  /** CPU time the simulator's own process used so far; null when it runs in this process. */
  simulatorCpuMs(): Promise<number | null>;
  /** Resolves once the simulator holds `count` publications; rejects after `timeoutMs`. */
  waitForPublished(count: number, timeoutMs: number): Promise<void>;
  /**
   * Resolves once every post is settled in the database (a publication reaches the simulator a
   * step before the post is recorded `posted`); rejects after `timeoutMs` naming one that is not.
   */
  waitForSettled(ids: readonly string[], timeoutMs: number): Promise<void>;
  /** Kills the publishers, closes the store, the simulator and the data directory. */
  close(): Promise<void>;
};

/**
 * Connects `pages` Facebook Pages of the simulator at `baseUrl` (tokens signed with `secret`) to
 * `ownerId`, credentials sealed with `seal`; their account ids, `acct_fleet_0` onwards. Shared with
 * the single-publisher benchmark.
 */
export async function seedFacebookPages(
  store: Store,
  options: {
    ownerId: string;
    pages: number;
    secret: string;
    baseUrl: string;
    seal: (text: string) => string;
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < options.pages; i++) {
    const page = mintSandboxAccount({
      platform: 'facebook',
      handle: `fleet_page_${i}`,
      secret: options.secret,
      baseUrl: options.baseUrl,
      now: systemClock.now(),
    });
    const saved = await store.accounts.saveAccount({
      id: `acct_fleet_${i}`,
      ownerId: options.ownerId,
      platform: 'facebook',
      platformAccountId: page.platformAccountId,
      handle: page.handle,
      profileUrl: page.profileUrl,
      profileImageUrl: null,
      followerCount: null,
      status: 'active',
      needsReconnect: false,
      sealedCredentials: options.seal(JSON.stringify(page.credentials)),
      tokenExpiresAt: null,
      connectedAt: systemClock.now(),
      updatedAt: systemClock.now(),
    });
    ids.push(saved.id);
  }
  return ids;
}

/** Where the fleet's simulator runs, and how the fleet reads what it published. */
type FleetSimulator<S extends Sandbox | null> = {
  readonly baseUrl: string;
  readonly sandbox: S;
  publishedCaptions(): Promise<string[]>;
  publishedCount(): Promise<number>;
  cpuMs(): Promise<number | null>;
  close(): Promise<void>;
};

async function simulatorInProcess(latencyMs: number): Promise<FleetSimulator<Sandbox>> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = createSandbox({ baseUrl, secret: SANDBOX_SECRET, latencyMs, fetchMedia: false });
  server.on('request', (req, res) => sandbox.handle(req, res));
  const published = () => sandbox.control.published('facebook');
  return {
    baseUrl,
    sandbox,
    publishedCaptions: async () => published().map((p) => p.caption),
    publishedCount: async () => published().length,
    cpuMs: async () => null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function simulatorOfProcess(simulator: SimulatorProcess): FleetSimulator<null> {
  return {
    baseUrl: simulator.baseUrl,
    sandbox: null,
    publishedCaptions: () => simulator.publishedCaptions('facebook'),
    publishedCount: () => simulator.publishedCount('facebook'),
    cpuMs: async () => (await simulator.usage()).cpuMs,
    close: () => simulator.close(),
  };
}

/**
 * Starts the simulator (answering after `latencyMs`) in front of the database at `databaseUrl`:
 * in this process, or with `simulator: 'own-process'` in a child process (which needs Node to run
 * the workspace's TypeScript, as the benchmarks do).
 */
export async function startPublisherFleet(options: {
  databaseUrl: string;
  latencyMs: number;
}): Promise<PublisherFleet>;
export async function startPublisherFleet(options: {
  databaseUrl: string;
  latencyMs: number;
  simulator: 'own-process';
}): Promise<PublisherFleet<null>>;
export async function startPublisherFleet(options: {
  databaseUrl: string;
  latencyMs: number;
  simulator?: 'own-process';
}): Promise<PublisherFleet<Sandbox | null>> {
  const simulator: FleetSimulator<Sandbox | null> =
    options.simulator === 'own-process'
      ? simulatorOfProcess(
          await startSimulatorProcess({ secret: SANDBOX_SECRET, latencyMs: options.latencyMs }),
        )
      : await simulatorInProcess(options.latencyMs);
  const { baseUrl, sandbox } = simulator;
  const store = await openPostgresStore({ connectionString: options.databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-fleet-'));
  const box = createAesGcmSecretBox(MASTER_SECRET);
  const children: FleetPublisher[] = [];
  const env: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    SVC_BASE_URL: baseUrl,
    SVC_SANDBOX: 'on',
    SVC_SECRET: MASTER_SECRET,
    SVC_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  };

  return {
    sandbox,
    store,
    env,
    async seedDuePosts(count, { pages, due }) {
      const owner = aUser();
      await store.users.insertUser(owner);
      const accountIds = await seedFacebookPages(store, {
        ownerId: owner.id,
        pages,
        secret: SANDBOX_SECRET,
        baseUrl,
        seal: (text) => box.seal(text),
      });
      const posts: Post[] = Array.from({ length: count }, (_, i) =>
        aPost(owner.id, accountIds[i % pages] as string, {
          platforms: ['facebook'],
          caption: `fleet post ${i}`,
          media: [],
          scheduledTime: due,
          dueAt: due,
        }),
      );
      for (let i = 0; i < posts.length; i += 1000) {
        await store.posts.insertPosts({
          ownerId: owner.id,
          at: systemClock.now(),
          posts: posts.slice(i, i + 1000),
          idempotency: null,
          quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: new Date(0) },
        });
      }
      return { ids: posts.map((p) => p.id), email: owner.email, ownerId: owner.id };
    },
    subscribe: (ownerId, url, events) => subscribeWebhook(store, box, { ownerId, url, events }),
    startPublisher(extra = {}) {
      const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
        env: { ...process.env, ...env, ...extra },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let published = 0;
      let buffer = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.includes('"msg":"post published"')) published++;
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const publisher = { child, published: () => published, exited };
      children.push(publisher);
      return publisher;
    },
    publishedCount: () => simulator.publishedCount(),
    publishedCaptions: () => simulator.publishedCaptions(),
    simulatorCpuMs: () => simulator.cpuMs(),
    async waitForPublished(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (let published = await simulator.publishedCount(); published < count; ) {
        if (Date.now() > deadline)
          throw new Error(`${published} of ${count} published after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        published = await simulator.publishedCount();
      }
    },
    async waitForSettled(ids, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const pending = new Set(ids);
      while (pending.size > 0) {
        for (const id of pending) {
          const post = await store.posts.getPost(id);
          if (post?.status === 'posted' || post?.status === 'failed') pending.delete(id);
        }
        if (pending.size === 0) return;
        if (Date.now() > deadline) {
          throw new Error(`${pending.size} posts unsettled after ${timeoutMs} ms, e.g. ${[...pending][0]}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async close() {
      for (const publisher of children) {
        if (publisher.child.exitCode === null && publisher.child.signalCode === null) {
          publisher.child.kill('SIGKILL');
          await publisher.exited;
        }
      }
      await store.close();
      await simulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
