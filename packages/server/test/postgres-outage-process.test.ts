import {
  describePostgres,
  type OutageProxy,
  startOutageProxy,
  terminateConnections,
} from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import { type PublisherFleet, startPublisherFleet } from './publisher-fleet.js';
import { type ServerProcess, startServerProcess, svcInProcess } from './support.js';

// A `svc serve` process (API and publisher) loses PostgreSQL in the middle of a publish run: first
// its connections are terminated by the server (pg_terminate_backend), then the database goes
// away altogether for a few seconds (a relay in front of it refuses and resets connections, as a
// restart does). No post may be lost or published twice; the API must answer 503
// database_unavailable while the database is away and recover by itself.

const POSTS = 300;
let fleet: PublisherFleet | null = null;
let proxy: OutageProxy | null = null;
let server: ServerProcess | null = null;
afterEach(async () => {
  if (server !== null && server.child.exitCode === null) await server.stop('SIGKILL');
  await proxy?.close();
  await fleet?.close();
  server = null;
  proxy = null;
  fleet = null;
});

await describePostgres('svc serve while PostgreSQL goes away', (db) => {
  it('loses and duplicates nothing, answers 503 database_unavailable, and recovers by itself', async () => {
    fleet = await startPublisherFleet({ databaseUrl: db.url(), latencyMs: 20 });
    const { ids, email } = await fleet.seedDuePosts(POSTS, { pages: 10, due: new Date(Date.now() + 2_000) });
    const cli = (args: string[]) => svcInProcess(args, { ...fleet?.env });
    const key = (await cli(['keys', 'create', '--email', email, '--scopes', '*'])).json.key;
    proxy = await startOutageProxy(db.url());
    server = await startServerProcess({
      ...fleet.env,
      DATABASE_URL: proxy.url,
      SVC_PUBLISHER_LEASE_MS: '3000',
      SVC_PUBLISHER_INTERVAL_MS: '1000',
    });
    const api = (path: string) =>
      fetch(`${server?.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });

    await fleet.waitForPublished(POSTS / 4, 60_000);
    // 1. The database ends every session of the service (an operator, a failover).
    expect(await terminateConnections(db.url())).toBeGreaterThan(0);

    await fleet.waitForPublished(POSTS / 2, 60_000);
    // 2. The database goes away for a while.
    await proxy.down();
    const during = await fleet.publishedCount();
    const refused = await api(`/api/v1/posts/${ids[0]}`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      error: expect.stringContaining('database is unreachable'),
      code: 'database_unavailable',
    });
    // The agent-tool endpoint says the same, in JSON-RPC.
    const tool = await fetch(`${server.url}/api/mcp`, {
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
        params: { name: 'svc_list_profiles', arguments: {} },
      }),
    });
    expect(tool.status).toBe(503);
    expect(await tool.json()).toMatchObject({ error: { data: { code: 'database_unavailable' } } });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    // Publishes already past their last write may land; nothing new is claimed meanwhile.
    expect((await fleet.publishedCount()) - during).toBeLessThanOrEqual(16);

    // 3. It comes back; nobody restarts the service.
    await proxy.up();
    await fleet.waitForPublished(POSTS, 60_000);
    await fleet.waitForSettled(ids, 60_000);
    const answered = await api(`/api/v1/posts/${ids[0]}`);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ status: 'posted' });

    const captions = fleet.sandbox.control.published('facebook').map((p) => p.caption);
    expect(captions).toHaveLength(POSTS);
    expect(new Set(captions).size).toBe(POSTS);
    for (const id of ids) expect((await fleet.store.posts.getPost(id))?.status, id).toBe('posted');
    const messages = server.logs.map((line) => String(line.msg));
    expect(messages).toContain('database unavailable; claiming paused until it returns');
    expect(messages).toContain('database reachable again; claiming resumed');
    expect(messages).not.toContain('unexpected fault');
    // Nothing more arrives once every lease the outage left behind has run out.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await fleet.publishedCount()).toBe(POSTS);
  }, 180_000);
});
