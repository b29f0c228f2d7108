import { type ChildProcess, spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { SVC_BIN } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

// Outgoing webhooks through real processes: `svc serve` on SQLite with the sandbox, `svc
// publisher` children that deliver, and a receiver on loopback that verifies every delivery with
// the `standardwebhooks` package (the tests-only flag lets the server reach loopback over http).
const LEASE_MS = 1_500;

describe('outgoing webhooks through real processes', () => {
  let server: SandboxServer;
  let receiver: WebhookReceiver;
  let key: string;
  let threads: string;
  let secret: string;
  const children: ChildProcess[] = [];

  const startDeliverer = () => {
    const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
      env: {
        ...process.env,
        ...server.env,
        SVC_PUBLISHER_LEASE_MS: String(LEASE_MS),
        SVC_PUBLISHER_INTERVAL_MS: '1000',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
  };
  const subscribe = async (path: string, events: string[]) => {
    const created = await server.call('/api/v1/webhooks', key, {
      method: 'POST',
      json: { url: `${receiver.url}${path}`, events },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    receiver.setSecret(created.body.secret);
    return created.body.secret as string;
  };
  const publish = async (caption: string) => {
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [threads], caption },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.postIds[0] as string;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startSandboxServer({ SVC_PUBLISHER: 'off', SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });
    let accounts: Record<string, string>;
    ({ key, accounts } = await seedUser(server, ['threads']));
    threads = accounts.threads as string;
    secret = await subscribe('/main', ['post.scheduled', 'post.published', 'post.failed']);
  }, 60_000);
  afterEach(() => {
    receiver.setMode({ kind: 'ok' });
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await server?.close();
    await receiver?.close();
  });

  it('delivers signed events that verify with standardwebhooks, and a receiver refuses tampered or stale ones', async () => {
    const worker = startDeliverer();
    const postId = await publish('Hello, subscribers');
    const post = await settled(server, key, postId, 30_000);
    expect(post.status).toBe('posted');
    await receiver.waitFor(() => receiver.idsOf('post.published').size === 1, 20_000, 'post.published');
    const published = receiver.received.find((r) => r.type === 'post.published');
    expect(published?.data).toMatchObject({ id: postId, status: 'posted', permalink: post.permalink });
    expect(receiver.received.find((r) => r.type === 'post.scheduled')?.data.id).toBe(postId);
    expect(receiver.rejected).toEqual([]);
    // What a receiver must refuse: the same request with its body changed, or replayed later.
    const verifier = new Webhook(secret);
    const body = published?.body ?? '';
    const headers: Record<string, string> = published?.headers ?? {};
    expect(verifier.verify(body, headers)).toMatchObject({ type: 'post.published' });
    expect(() => verifier.verify(body.replace('posted', 'failed'), headers)).toThrow(/signature/i);
    const stale = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 600) };
    expect(() => verifier.verify(body, stale)).toThrow(/timestamp/i);
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);

  it('delivers every event after a receiver that was down comes back', async () => {
    receiver.setMode({ kind: 'down' });
    const worker = startDeliverer();
    const before = receiver.idsOf('post.published').size;
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => publish(`While you were away ${n}`)));
    for (const id of ids) expect((await settled(server, key, id, 30_000)).status).toBe('posted');
    // The first attempts of all five were refused; none got through.
    await receiver.waitFor(
      () => receiver.refused.filter((t) => t === 'post.published').length >= ids.length,
      20_000,
      'five refused deliveries',
    );
    expect(receiver.idsOf('post.published').size).toBe(before);
    receiver.setMode({ kind: 'ok' });
    await receiver.waitFor(
      () => ids.every((id) => receiver.received.some((r) => r.type === 'post.published' && r.data.id === id)),
      30_000,
      'the five post.published after the outage',
    );
    const history = await server.call(`/api/v1/webhooks`, key);
    const hook = history.body.webhooks[0];
    const attempts = await server.call(`/api/v1/webhooks/${hook.id}/deliveries?limit=100`, key);
    expect(attempts.body.attempts.some((a: { statusCode: number }) => a.statusCode === 503)).toBe(true);
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);

  it('loses nothing when the delivering process is killed mid-delivery', async () => {
    receiver.setMode({ kind: 'hang' });
    const first = startDeliverer();
    const postId = await publish('Delivered despite a crash');
    await receiver.waitFor(() => receiver.hanging > 0, 30_000, 'a delivery in flight');
    first.child.kill('SIGKILL');
    await first.exited;
    receiver.setMode({ kind: 'ok' });
    const second = startDeliverer();
    await receiver.waitFor(
      () => receiver.received.some((r) => r.type === 'post.published' && r.data.id === postId),
      30_000,
      'post.published after the crash',
    );
    second.child.kill('SIGTERM');
    await second.exited;
  }, 60_000);

  it('does not let a slow receiver delay another endpoint', async () => {
    await subscribe('/slow', ['post.published']);
    await subscribe('/fast', ['post.published']);
    receiver.setMode({ kind: 'slow', ms: 8_000 }, '/slow');
    const worker = startDeliverer();
    const ids = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => publish(`Busy day ${n}`)));
    for (const id of ids) await settled(server, key, id, 30_000);
    await receiver.waitFor(
      () =>
        receiver.received.filter((r) => r.path === '/fast' && ids.includes(r.data.id)).length === ids.length,
      15_000,
      'the fast endpoint',
    );
    const fast = receiver.received.filter((r) => r.path === '/fast' && ids.includes(r.data.id));
    const slowDone = receiver.received.filter((r) => r.path === '/slow' && ids.includes(r.data.id)).length;
    // The slow endpoint is still working through its first few while the fast one has them all.
    expect(slowDone).toBeLessThan(ids.length);
    expect(Math.max(...fast.map((r) => r.arrivedAt - r.eventAt))).toBeLessThan(5_000);
    worker.child.kill('SIGTERM');
    await worker.exited;
  }, 60_000);
});
