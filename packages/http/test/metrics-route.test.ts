import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpState } from '../src/http-state.js';
import { createMetricsApp, type MetricsExposition, type ObservedRequest } from '../src/index.js';
import { routeTable } from '../src/route-table.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

const TOKEN = 'scrape-token-of-some-length';

const exposition = (token: string | null): MetricsExposition => ({
  token,
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  render: async () => 'svc_up 1\n',
});

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('GET /metrics', () => {
  it('serves the text format openly when no token is set', async () => {
    app = await startTestApp({ more: { metrics: exposition(null) } });
    const res = await app.fetch('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await res.text()).toBe('svc_up 1\n');
  });

  it('with a token, refuses requests without it, with another one or with it in the URL', async () => {
    app = await startTestApp({ more: { metrics: exposition(TOKEN) } });
    for (const init of [
      {},
      { headers: { Authorization: 'Bearer wrong' } },
      { headers: { Authorization: `Bearer ${TOKEN}x` } },
      { headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` } },
    ]) {
      const res = await app.fetch('/metrics', init);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await readJson(res)).toEqual({ error: expect.any(String), code: 'invalid_metrics_token' });
    }
    const inUrl = await app.fetch(`/metrics?access_token=${TOKEN}`);
    expect(inUrl.status).toBe(401);
    const res = await app.fetch('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('svc_up 1\n');
  });

  it('is not served when the app has no metrics', async () => {
    app = await startTestApp();
    expect(await readJson(await app.fetch('/metrics'))).toMatchObject({ code: 'not_found' });
  });
});

describe('the request observer', () => {
  it('hears routes by their template, mounts by their label and the rest as unmatched', async () => {
    const seen: ObservedRequest[] = [];
    app = await startTestApp({
      more: {
        requestObserver: (r) => seen.push(r),
        mounts: [
          {
            route: '/sandbox',
            owns: (path) => path.startsWith('/sandbox/'),
            handle: (_req, res) => {
              res.statusCode = 204;
              res.end();
            },
          },
        ],
      },
    });
    const { key } = await app.userWithKey();
    await app.fetch('/api/v1/posts/post_nope', { key });
    await app.fetch('/api/v1/posts/post_other', { key });
    await app.fetch('/api/health');
    await app.fetch('/sandbox/instagram/anything/123');
    await app.fetch('/wp-login.php');
    // The mount's line is written when its response closes, just after the client has it.
    await expect.poll(() => seen.length).toBe(5);
    expect(seen.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/api/v1/posts/:id', status: 404 },
      { method: 'GET', route: '/api/v1/posts/:id', status: 404 },
      { method: 'GET', route: '/api/health', status: 200 },
      { method: 'GET', route: '/sandbox', status: 204 },
      { method: 'GET', route: 'unmatched', status: 404 },
    ]);
    expect(seen.every((r) => r.durationMs >= 0)).toBe(true);
  });
});

describe('routeTable', () => {
  it('names the route a request will reach before its admission step, which may answer first', async () => {
    const app = new Koa();
    const noop = async () => undefined;
    // Stands for the error middleware: shows what the admission step saw.
    app.use(async (ctx: Koa.Context & { state: HttpState }, next) => {
      try {
        await next();
      } catch (error) {
        ctx.body = (error as { label: string }).label;
      }
    });
    app.use(
      routeTable(
        [
          { method: 'GET', path: '/api/v1/posts/:id', handlers: [noop] },
          { method: 'POST', path: '/api/v1/posts', handlers: [noop] },
        ],
        // Stands for a rate limit answering before the route's own middleware.
        async (ctx) => {
          throw Object.assign(new Error('refused'), { label: ctx.state.route ?? 'none' });
        },
      ),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const label = async (path: string, method = 'GET') => (await fetch(`${url}${path}`, { method })).text();
      expect(await label('/api/v1/posts/post_1')).toBe('/api/v1/posts/:id');
      expect(await label('/api/v1/posts', 'POST')).toBe('/api/v1/posts');
      expect(await label('/api/v1/posts')).toBe('none');
      expect(await label('/api/v1/nothing')).toBe('none');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the metrics-only app', () => {
  it('answers /metrics with the same token check, and 404 in the error shape elsewhere', async () => {
    const seen: ObservedRequest[] = [];
    const log = () => undefined;
    const server = createMetricsApp({
      logger: { info: log, warn: log, error: log },
      metrics: exposition(TOKEN),
      requestObserver: (r) => seen.push(r),
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const ok = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect([ok.status, await ok.text()]).toEqual([200, 'svc_up 1\n']);
      const other = await fetch(`${url}/api/v1/posts`);
      expect([other.status, await other.json()]).toEqual([
        404,
        expect.objectContaining({ code: 'not_found' }),
      ]);
      expect(seen.map((r) => `${r.route} ${r.status}`)).toEqual([
        '/metrics 401',
        '/metrics 200',
        'unmatched 404',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
