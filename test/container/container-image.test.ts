import { createServer } from 'node:net';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@svc/store-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_IMAGE, ensureBaseImage, podman, podmanInstalled, podmanStreamed } from './podman.js';
import { type Api, publishNow, waitForPosted } from './rest.js';

// The image as users build it (the repository's Containerfile), built here on a base made from
// Debian packages and run with podman: a server on SQLite with a data volume, restarted onto the
// same volume; then an API server and a publisher-only container on PostgreSQL on the host.
// It runs wherever podman is installed, and always in CI (.ci/run installs podman first).

const ROOT = join(import.meta.dirname, '../..');
const IMAGE = 'localhost/svc:image-test';
const RUN = `svc-image-test-${process.pid}`;
const LIMITS = ['SVC_PAID_RATE_LIMIT=1000000', 'SVC_ADDRESS_RATE_LIMIT=1000000'];
const enabled = process.env.CI === 'true' || podmanInstalled();

/** A free loopback port: the containers share the host's network (containers.md). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a detached container of the image on `port` with `env`; its name. */
async function startContainer(name: string, port: number, env: readonly string[], args: string[] = []) {
  const envArgs = [
    `PORT=${port}`,
    'HOST=127.0.0.1',
    `SVC_BASE_URL=http://127.0.0.1:${port}`,
    ...LIMITS,
    ...env,
  ];
  await podman([
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    ...envArgs.flatMap((e) => ['-e', e]),
    ...args,
  ]);
  return name;
}

/** Resolves once GET /api/health answers 200; rejects with the container's logs after 30 s. */
async function waitHealthy(name: string, url: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not become healthy: ${await podman(['logs', name]).catch(String)}`);
}

/** `svc …` inside a running container, as an operator would (`podman exec`); its JSON output. */
async function svcIn(name: string, args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(await podman(['exec', name, 'svc', ...args])) as Record<string, unknown>;
}

/** A user, `accounts` sandbox Threads accounts and an API key made with the CLI inside the container. */
async function provision(name: string, url: string, accounts = 1): Promise<Api> {
  await svcIn(name, ['users', 'create', '--email', 'ops@example.com', '--plan', 'paid']);
  const accountIds: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const handle = `image${i}`;
    const args = ['accounts', 'connect-sandbox', '--email', 'ops@example.com', '--platform', 'threads'];
    accountIds.push(String((await svcIn(name, [...args, '--handle', handle])).id));
  }
  const key = await svcIn(name, ['keys', 'create', '--email', 'ops@example.com', '--scopes', '*']);
  return { url, key: String(key.key), accountIds };
}

/** Memory the container uses now, in MiB (podman stats: the container's cgroup, in SI units). */
async function memoryMiB(name: string): Promise<number> {
  const stats = JSON.parse(
    await podman(['stats', '--no-stream', '--no-reset', '--format', 'json', name]),
  ) as {
    mem_usage: string;
  }[];
  const usage = stats[0]?.mem_usage.split('/')[0]?.trim() ?? '';
  const [, value, unit] = usage.match(/^([\d.]+)\s*([kMG]?B)$/) ?? [];
  const factors: Record<string, number> = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9 };
  const factor = factors[unit ?? ''];
  if (value === undefined || factor === undefined) throw new Error(`unreadable podman stats: ${usage}`);
  return Math.round((Number(value) * factor) / 1048576);
}

/** Stops a container with SIGTERM (as `docker stop` does); its exit code and its logs. */
async function stop(name: string): Promise<{ exitCode: number; logs: string }> {
  await podman(['stop', '--time', '30', name], { timeoutMs: 60_000 });
  const exitCode = Number(await podman(['inspect', '--format', '{{.State.ExitCode}}', name]));
  return { exitCode, logs: await podman(['logs', name]) };
}

const containers: string[] = [];
const volume = `${RUN}-data`;
const figures: Record<string, number> = {};

describe.skipIf(!enabled)('the container image', () => {
  beforeAll(async () => {
    const started = Date.now();
    await ensureBaseImage();
    figures.baseSeconds = Math.round((Date.now() - started) / 1000);
    const building = Date.now();
    // --format docker keeps HEALTHCHECK (the OCI image format has no field for it).
    await podmanStreamed([
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      '--layers=false',
      '--build-arg',
      `BASE=${BASE_IMAGE}`,
      '-f',
      join(ROOT, 'Containerfile'),
      '-t',
      IMAGE,
      ROOT,
    ]);
    figures.buildSeconds = Math.round((Date.now() - building) / 1000);
    figures.imageMiB = Math.round(
      Number(await podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE])) / 1048576,
    );
    await podman(['volume', 'create', volume]);
  }, 1_800_000);

  afterAll(async () => {
    for (const name of containers) await podman(['rm', '-f', '-t', '0', name]).catch(() => '');
    await podman(['volume', 'rm', '-f', volume]).catch(() => '');
    // Earlier builds of the test image only fill the cache directory.
    await podman(['image', 'prune', '-f']).catch(() => '');
    process.stdout.write(`container image figures: ${JSON.stringify(figures)}\n`);
  }, 120_000);

  it('serves and publishes on SQLite in /data as a non-root user, and keeps its posts across a restart', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // A read-only root, as deploy/kubernetes asks: svc writes only to /data and /tmp.
    const first = await startContainer(
      `${RUN}-sqlite`,
      port,
      [],
      ['--read-only', '-v', `${volume}:/data`, IMAGE],
    );
    containers.push(first);
    await waitHealthy(first, url);
    figures.idleMiB = await memoryMiB(first);

    // The server (PID 1) and what an operator runs with exec are the image's unprivileged user.
    const status = await podman(['exec', first, 'cat', '/proc/1/status']);
    expect(status).toMatch(/^Uid:\s+10001\s/m);
    expect(await podman(['exec', first, 'cat', '/proc/1/cmdline'])).toContain('svc.js');
    expect(await podman(['exec', first, 'id', '-u'])).toBe('10001');
    // The image's HEALTHCHECK command passes against the running server.
    await podman(['healthcheck', 'run', first]);

    const api = await provision(first, url, 5);
    const postId = await publishNow(api, 'From the container');
    await waitForPosted(api, [postId], 30_000);

    // A thousand more, to see what memory a busy instance settles at.
    const ids: string[] = [];
    for (let batch = 0; batch < 100; batch++) {
      ids.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => publishNow(api, `Post ${batch * 10 + i}`, i)),
        )),
      );
    }
    await waitForPosted(api, ids, 300_000);
    figures.after1000MiB = await memoryMiB(first);

    // SIGTERM reaches node as PID 1: it drains and exits cleanly rather than being killed.
    const stopped = await stop(first);
    expect(stopped.exitCode, stopped.logs).toBe(0);
    expect(stopped.logs).toContain('SIGTERM');

    // A new container on the same volume finds the data (the same key still works).
    const second = await startContainer(`${RUN}-sqlite-again`, port, [], ['-v', `${volume}:/data`, IMAGE]);
    containers.push(second);
    await waitHealthy(second, url);
    await waitForPosted(api, [postId], 5_000);
  }, 900_000);

  it('runs the API and a publisher-only container against PostgreSQL on the host', async () => {
    let database: ScratchDatabase | undefined;
    try {
      database = await createScratchDatabase(
        process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const shared = [
        `DATABASE_URL=${database.url}`,
        'SVC_SECRET=container-image-test-secret-of-more-than-32-chars',
      ];
      // The API server serves the sandbox platforms and publishes nothing itself.
      const apiName = await startContainer(`${RUN}-api`, port, [...shared, 'SVC_PUBLISHER=off'], [IMAGE]);
      containers.push(apiName);
      await waitHealthy(apiName, url);
      const api = await provision(apiName, url);
      const publisher = await startContainer(`${RUN}-publisher`, port, shared, [IMAGE, 'publisher']);
      containers.push(publisher);

      const postId = await publishNow(api, 'Published by the publisher container');
      await waitForPosted(api, [postId], 60_000);
      const stopped = await stop(publisher);
      expect(stopped.exitCode, stopped.logs).toBe(0);
      expect((await stop(apiName)).exitCode).toBe(0);
    } finally {
      await database?.drop();
    }
  }, 300_000);
});
