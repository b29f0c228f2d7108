import { type ChildProcess, spawn } from 'node:child_process';
import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePrometheusText, type Sample, sampleSum as sum } from './prometheus-text.js';
import {
  freePort,
  type ServerProcess,
  SVC_BIN,
  startServerProcess,
  svcInProcess,
  useDataDirs,
} from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const TOKEN = 'metrics-process-test-token';
const dataDir = useDataDirs();
const running: ServerProcess[] = [];
const children: ChildProcess[] = [];
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const receiver of receivers.splice(0)) await receiver.close();
});

/** Scrapes `url` with the token and parses what it got. */
async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

/**
 * Scrapes until `ready` holds (the last report of a publish or delivery may land a moment after the
 * outcome is visible through the API), or until a few seconds passed; the last scrape either way.
 */
async function scrapeUntil(url: string, ready: (samples: Sample[]) => boolean): Promise<Sample[]> {
  let samples = await scrape(url);
  for (let i = 0; i < 50 && !ready(samples); i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    samples = await scrape(url);
  }
  return samples;
}

/** A user with a key and a sandbox Threads account, made with the CLI on the server's data. */
async function seed(env: Record<string, string>, email: string) {
  const user = await svcInProcess(['users', 'create', '--email', email, '--plan', 'paid'], env);
  expect(user.code, user.stderr).toBe(0);
  const account = await svcInProcess(
    ['accounts', 'connect-sandbox', '--email', email, '--platform', 'threads', '--handle', 'metrics'],
    env,
  );
  expect(account.code, account.stderr).toBe(0);
  const key = await svcInProcess(['keys', 'create', '--email', email, '--scopes', '*'], env);
  expect(key.code, key.stderr).toBe(0);
  return { key: key.json.key as string, accountId: account.json.id as string };
}

/** The API of one server, with one key. */
function apiOf(url: string, key: string) {
  return async (path: string, json?: unknown) => {
    const res = await fetch(`${url}/api/v1/${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}

/** Polls each post until it is `posted` or `failed`; their final statuses. */
async function settled(api: ReturnType<typeof apiOf>, ids: readonly string[]): Promise<string[]> {
  const statuses: string[] = [];
  for (const id of ids) {
    let status = '';
    for (let i = 0; i < 200 && status !== 'posted' && status !== 'failed'; i += 1) {
      status = (await api(`posts/${id}`)).body.status;
      if (status !== 'posted' && status !== 'failed') await new Promise((r) => setTimeout(r, 100));
    }
    statuses.push(status);
  }
  return statuses;
}

// The queue gauges are read at most every 5 s (QUEUE_DEPTH_CACHE_MS): a scrape after that shows new figures.
const pastGaugeCache = async (since: number) => {
  const left = since + 5_100 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
};

describe('GET /metrics on svc serve', () => {
  it('is protected by SVC_METRICS_TOKEN, and its counters, histograms and gauges move as posts publish', async () => {
    const dir = dataDir();
    const port = await freePort();
    const env = { SVC_DATA_DIR: dir };
    const server = await startServerProcess({
      ...env,
      PORT: String(port),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_PUBLISHER_INTERVAL_MS: '1000',
      SVC_METRICS_TOKEN: TOKEN,
      SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
    });
    running.push(server);
    const { key, accountId } = await seed(env, 'metrics@example.com');
    const api = apiOf(server.url, key);

    // The token: nothing without it, with another one, or in the URL.
    for (const init of [{}, { headers: { Authorization: 'Bearer not-the-token' } }]) {
      const refused = await fetch(`${server.url}/metrics`, init);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await refused.json()).toEqual({ error: expect.any(String), code: 'invalid_metrics_token' });
    }
    expect((await fetch(`${server.url}/metrics?access_token=${TOKEN}`)).status).toBe(401);

    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const hook = await api('webhooks', {
      url: `${receiver.url}/hook`,
      events: ['post.published', 'post.failed'],
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    receiver.setSecret(hook.body.secret);

    const before = await scrape(server.url);
    const beforeAt = Date.now();
    expect(sum(before, 'svc_info')).toBe(1);
    expect(sum(before, 'svc_posts_due')).toBe(0);
    expect(sum(before, 'svc_posts_scheduled')).toBe(0);

    const later = await api('posts', {
      platforms: ['threads'],
      profileIds: [accountId],
      caption: 'Next year',
      scheduledTime: '2030-01-01T09:00:00Z',
    });
    const now = [];
    for (const caption of ['First', 'Second', 'This one fails #sandbox-fail']) {
      now.push(await api('publish', { platforms: ['threads'], profileIds: [accountId], caption }));
    }
    for (const created of [later, ...now]) expect(created.status, JSON.stringify(created.body)).toBe(200);
    const ids = now.map((c) => c.body.postIds[0] as string);
    expect(await settled(api, ids)).toEqual(['posted', 'posted', 'failed']);
    await receiver.waitFor(() => receiver.received.length >= 3, 10_000, 'three webhook deliveries');
    await pastGaugeCache(beforeAt);
    const after = await scrapeUntil(
      server.url,
      (s) =>
        sum(s, 'svc_publishes_total') - sum(before, 'svc_publishes_total') >= 3 &&
        sum(s, 'svc_webhook_deliveries_total', { result: 'delivered' }) >= 3,
    );

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sum(after, name, labels) - sum(before, name, labels);
    // Publish outcomes by platform and result.
    expect(moved('svc_publishes_total', { platform: 'threads', result: 'posted' })).toBe(2);
    expect(moved('svc_publishes_total', { platform: 'threads', result: 'failed' })).toBe(1);
    // Lags: every first claim, and every post that reached `posted`.
    expect(moved('svc_publish_start_lag_seconds_count', { platform: 'threads' })).toBe(3);
    expect(moved('svc_publish_posted_lag_seconds_count', { platform: 'threads' })).toBe(2);
    expect(moved('svc_publish_posted_lag_seconds_sum', { platform: 'threads' })).toBeGreaterThanOrEqual(0);
    expect(moved('svc_publish_posted_lag_seconds_bucket', { platform: 'threads', le: '+Inf' })).toBe(2);
    // Claims and steps.
    expect(moved('svc_publisher_claimed_posts_total')).toBe(3);
    expect(moved('svc_publisher_claim_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved('svc_publish_step_duration_seconds_count', { platform: 'threads', result: 'failed' })).toBe(
      1,
    );
    expect(
      moved('svc_publish_step_duration_seconds_count', { platform: 'threads', result: 'published' }),
    ).toBe(2);
    // Requests by route template and status, mounts under their one label.
    expect(
      moved('svc_http_requests_total', { method: 'POST', route: '/api/v1/publish', status: '200' }),
    ).toBe(3);
    expect(moved('svc_http_requests_total', { method: 'POST', route: '/api/v1/posts', status: '200' })).toBe(
      1,
    );
    expect(
      moved('svc_http_requests_total', { method: 'GET', route: '/api/v1/posts/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      moved('svc_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/publish' }),
    ).toBe(3);
    expect(moved('svc_http_requests_total', { route: '/sandbox' })).toBeGreaterThan(0);
    expect(sum(after, 'svc_http_requests_total', { route: '/metrics', status: '401' })).toBe(3);
    expect(after.some((s) => s.name === 'svc_http_requests_total' && s.labels.route?.includes('post_'))).toBe(
      false,
    );
    // Webhook deliveries.
    expect(moved('svc_webhook_deliveries_total', { result: 'delivered' })).toBeGreaterThanOrEqual(3);
    // The queue: the post for next year waits, nothing is due.
    expect(sum(after, 'svc_posts_scheduled')).toBe(1);
    expect(sum(after, 'svc_posts_due')).toBe(0);
    // Process metrics.
    expect(sum(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  }, 60_000); // several `svc` processes start and publish in this test
});

/** Starts `svc publisher` and resolves with its metrics URL once it serves them. */
function startPublisherProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SVC_BIN, 'publisher'], { env: { ...process.env, ...env } });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no metrics server: ${stderr}`)), 20_000);
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const entry = JSON.parse(line) as { msg?: string; metricsPort?: number };
        if (typeof entry.metricsPort === 'number') {
          clearTimeout(timer);
          resolve({ url: `http://127.0.0.1:${entry.metricsPort}`, child });
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc publisher exited with ${code}: ${stderr}`));
    });
  });
}

await describePostgres('GET /metrics on svc publisher (SVC_METRICS_PORT)', (db) => {
  it('serves the publisher’s own metrics on its port, which move when it publishes', async () => {
    const { options } = await db.freshSchema();
    const url = new URL(db.url());
    url.searchParams.set('options', String(options));
    const port = await freePort();
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: url.toString(),
      SVC_SECRET: 'metrics-process-test-secret-of-40-characters',
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_METRICS_TOKEN: TOKEN,
      SVC_PUBLISHER_INTERVAL_MS: '1000',
    };
    const server = await startServerProcess({ ...env, PORT: String(port), SVC_PUBLISHER: 'off' });
    running.push(server);
    const { key, accountId } = await seed(env, 'fleet@example.com');
    const api = apiOf(server.url, key);
    const publisher = await startPublisherProcess({ ...env, SVC_METRICS_PORT: String(await freePort()) });

    expect((await fetch(`${publisher.url}/metrics`)).status).toBe(401);
    const elsewhere = await fetch(`${publisher.url}/api/v1/posts`);
    expect([elsewhere.status, ((await elsewhere.json()) as { code: string }).code]).toEqual([
      404,
      'not_found',
    ]);
    const before = await scrape(publisher.url);
    expect(sum(before, 'svc_publishes_total')).toBe(0);

    const created = await api('publish', {
      platforms: ['threads'],
      profileIds: [accountId],
      caption: 'From afar',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await settled(api, created.body.postIds)).toEqual(['posted']);
    const after = await scrapeUntil(publisher.url, (s) => sum(s, 'svc_publishes_total') >= 1);
    expect(sum(after, 'svc_publishes_total', { platform: 'threads', result: 'posted' })).toBe(1);
    expect(sum(after, 'svc_publish_start_lag_seconds_count', { platform: 'threads' })).toBe(1);
    expect(sum(after, 'svc_publish_posted_lag_seconds_count', { platform: 'threads' })).toBe(1);
    expect(sum(after, 'svc_publisher_claimed_posts_total')).toBe(1);
    expect(
      sum(after, 'svc_http_requests_total', { route: '/metrics', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sum(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // The API server published nothing itself; it counted the requests.
    const api2 = await scrape(server.url);
    expect(sum(api2, 'svc_publishes_total')).toBe(0);
    expect(sum(api2, 'svc_http_requests_total', { route: '/api/v1/publish', status: '200' })).toBe(1);

    // On SIGTERM the publisher stops its metrics server with everything else and exits cleanly.
    const exited = new Promise<number | null>((resolve) =>
      publisher.child.once('exit', (code) => resolve(code)),
    );
    publisher.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${publisher.url}/metrics`)).rejects.toThrow();
  }, 60_000); // several `svc` processes start and publish in this test
});
