import { deliverWebhook, type User, WEBHOOKS_PER_OWNER } from '@svc/core';
import { createStandardWebhookSigner } from '@svc/core/node';
import { createScriptedWebhookSender } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

const URL_A = 'https://hooks.example.com/svc';
const URL_B = 'https://hooks.example.com/other';
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

let app: TestApp;
let user: User;
let key: string;
let igId: string;

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey());
  igId = (await app.account(user, { platform: 'instagram', handle: 'brand' })).id;
});
afterEach(async () => {
  await app.close();
});

const call = async (method: string, path: string, options: { json?: unknown; key?: string } = {}) => {
  const res = await app.fetch(path, { method, key: options.key ?? key, json: options.json });
  return { status: res.status, body: await readJson(res) };
};

const create = async (json: Record<string, unknown> = {}, as = key) =>
  call('POST', '/api/v1/webhooks', { key: as, json: { url: URL_A, events: ['post.published'], ...json } });

/** Sends every due delivery once through `deliverWebhook`, as the delivery worker would. */
const deliverDue = async () => {
  const sender = createScriptedWebhookSender();
  const now = app.clock.now();
  const claimed = await app.store.webhooks.claimDeliveries({
    now,
    leaseOwner: 'test-worker',
    leaseUntil: new Date(now.getTime() + 60_000),
    limit: 10,
    perSubscription: 5,
  });
  const deps = {
    ...app.core,
    webhookSender: sender,
    webhookSigner: createStandardWebhookSigner(),
  };
  for (const one of claimed) await deliverWebhook(deps, one, 'test-worker');
  return sender;
};

describe('webhooks over REST', () => {
  it('creates with a secret shown once, lists and reads without it', async () => {
    const created = await create({ events: ['post.published', 'post.failed', 'post.published'] });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body;
    expect(secret).toMatch(SECRET);
    expect(webhook).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: URL_A,
      events: ['post.published', 'post.failed'],
      description: null,
      accountIds: null,
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      secretRotatedUntil: null,
      createdAt: '2026-01-15T12:00:00.000Z',
      updatedAt: '2026-01-15T12:00:00.000Z',
    });

    const listed = await call('GET', '/api/v1/webhooks');
    expect(listed).toEqual({ status: 200, body: { webhooks: [webhook] } });
    const read = await call('GET', `/api/v1/webhooks/${webhook.id}`);
    expect(read).toEqual({ status: 200, body: webhook });
    for (const answer of [listed, read]) expect(JSON.stringify(answer)).not.toContain('whsec_');
    expect(JSON.stringify(app.logs)).not.toContain(secret);
  });

  it('changes events and description, pauses, and turns back on one the service disabled', async () => {
    const { webhook } = (await create()).body;
    const path = `/api/v1/webhooks/${webhook.id}`;
    app.clock.advance(60_000);
    const changed = await call('PATCH', path, {
      json: { events: ['post.failed', 'account.needs_reconnect'], description: 'Alerts' },
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        events: ['post.failed', 'account.needs_reconnect'],
        description: 'Alerts',
        url: URL_A,
        updatedAt: '2026-01-15T12:01:00.000Z',
      },
    });
    expect((await call('PATCH', path, { json: { url: URL_B, description: null } })).body).toMatchObject({
      url: URL_B,
      description: null,
    });

    const paused = await call('PATCH', path, { json: { enabled: false } });
    expect(paused.body).toMatchObject({
      enabled: false,
      disabledReason: null,
      disabledAt: expect.any(String),
    });
    expect((await call('PATCH', path, { json: { enabled: true } })).body).toMatchObject({
      enabled: true,
      disabledAt: null,
    });

    // The service disables an endpoint that kept failing; PATCH enabled:true mends it.
    await app.store.webhooks.updateSubscription(user.id, webhook.id, {
      updatedAt: app.clock.now(),
      enabled: false,
      disabledReason: 'Every delivery failed for three days.',
      disabledAt: app.clock.now(),
      failingSince: new Date('2026-01-12T12:00:00.000Z'),
    });
    expect((await call('GET', path)).body).toMatchObject({
      enabled: false,
      disabledReason: 'Every delivery failed for three days.',
      failingSince: '2026-01-12T12:00:00.000Z',
    });
    expect((await call('PATCH', path, { json: { enabled: true } })).body).toMatchObject({
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
  });

  it('rotates the secret: a new one, the old one signing alongside for 24 hours', async () => {
    const { webhook, secret } = (await create()).body;
    const rotated = await call('POST', `/api/v1/webhooks/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(SECRET);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.webhook).toMatchObject({
      id: webhook.id,
      secretRotatedUntil: '2026-01-16T12:00:00.000Z',
    });
    const read = await call('GET', `/api/v1/webhooks/${webhook.id}`);
    expect(JSON.stringify(read.body)).not.toContain('whsec_');
    expect(JSON.stringify(app.logs)).not.toMatch(/whsec_/);

    // Both secrets sign the next delivery.
    await call('POST', `/api/v1/webhooks/${webhook.id}/test`);
    const [request] = (await deliverDue()).sent;
    const signer = createStandardWebhookSigner();
    const id = request?.headers['webhook-id'] ?? '';
    const timestamp = Number(request?.headers['webhook-timestamp']);
    const body = request?.body ?? '';
    expect(request?.headers['webhook-signature']).toBe(
      `${signer.sign(rotated.body.secret, id, timestamp, body)} ${signer.sign(secret, id, timestamp, body)}`,
    );
  });

  it('sends a test ping, lists its attempts page by page, and redelivers it', async () => {
    const { webhook, secret } = (await create()).body;
    const base = `/api/v1/webhooks/${webhook.id}`;
    expect(await call('GET', `${base}/deliveries`)).toEqual({
      status: 200,
      body: { attempts: [], nextCursor: null },
    });

    const ping = await call('POST', `${base}/test`);
    expect(ping).toEqual({
      status: 202,
      body: { messageId: expect.stringMatching(/^msg_/), deliveryId: expect.stringMatching(/^dlv_/) },
    });
    const { messageId, deliveryId } = ping.body;
    expect(await app.store.webhooks.getDelivery(user.id, deliveryId)).toMatchObject({
      subscriptionId: webhook.id,
      messageId,
      status: 'pending',
    });

    const sent = (await deliverDue()).sent;
    expect(sent).toHaveLength(1);
    const request = sent[0];
    expect(request?.url).toBe(URL_A);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ type: 'ping' });
    expect(request?.headers['webhook-id']).toBe(messageId);
    const signer = createStandardWebhookSigner();
    expect(request?.headers['webhook-signature']).toBe(
      signer.sign(secret, messageId, Number(request?.headers['webhook-timestamp']), request?.body ?? ''),
    );

    const attempts = await call('GET', `${base}/deliveries`);
    expect(attempts).toEqual({
      status: 200,
      body: {
        attempts: [
          {
            id: expect.any(String),
            deliveryId,
            messageId,
            event: 'ping',
            attempt: 1,
            startedAt: '2026-01-15T12:00:00.000Z',
            durationMs: 3,
            statusCode: 200,
            outcome: 'delivered',
            error: null,
            responseExcerpt: 'ok',
          },
        ],
        nextCursor: null,
      },
    });

    app.clock.advance(1000);
    expect(await call('POST', `${base}/deliveries/${deliveryId}/redeliver`)).toEqual({
      status: 202,
      body: { deliveryId, status: 'pending' },
    });
    const again = (await deliverDue()).sent;
    expect(again.map((r) => r.headers['webhook-id'])).toEqual([messageId]);

    const first = await call('GET', `${base}/deliveries?limit=1`);
    expect(first.body.attempts).toMatchObject([{ deliveryId, startedAt: '2026-01-15T12:00:01.000Z' }]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call('GET', `${base}/deliveries?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({
      attempts: [{ deliveryId, startedAt: '2026-01-15T12:00:00.000Z' }],
      nextCursor: null,
    });

    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=nope', 'cursor=0']) {
      expect(await call('GET', `${base}/deliveries?${query}`)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    }
    expect(await call('POST', `${base}/deliveries/dlv_01JDQ40A7B8C9D0E1F2G3H4J5K/redeliver`)).toMatchObject({
      status: 404,
      body: { code: 'webhook_delivery_not_found' },
    });
  });

  it('deletes, after which the webhook is gone', async () => {
    const { webhook } = (await create()).body;
    const path = `/api/v1/webhooks/${webhook.id}`;
    expect(await call('DELETE', path)).toEqual({ status: 200, body: { id: webhook.id, deleted: true } });
    for (const [method, suffix] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      expect(await call(method, `${path}${suffix}`)).toMatchObject({
        status: 404,
        body: { code: 'webhook_not_found' },
      });
    }
    expect((await call('GET', '/api/v1/webhooks')).body).toEqual({ webhooks: [] });
  });
});

describe('webhooks over REST: refusals', () => {
  it('needs the webhook scopes', async () => {
    const { webhook } = (await create()).body;
    const postReader = await app.keyFor(user, ['post:read']);
    for (const [method, path, json] of [
      ['GET', '/api/v1/webhooks', undefined],
      ['GET', `/api/v1/webhooks/${webhook.id}`, undefined],
      ['POST', '/api/v1/webhooks', { url: URL_B, events: ['ping'] }],
      ['POST', `/api/v1/webhooks/${webhook.id}/rotate-secret`, undefined],
      ['GET', `/api/v1/webhooks/${webhook.id}/deliveries`, undefined],
    ] as const) {
      expect(await call(method, path, { key: postReader, json }), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'insufficient_scope' },
      });
    }
    const reader = await app.keyFor(user, ['webhook:read']);
    expect((await call('GET', `/api/v1/webhooks/${webhook.id}`, { key: reader })).status).toBe(200);
    for (const [method, path, json] of [
      ['POST', '/api/v1/webhooks', { url: URL_B, events: ['ping'] }],
      ['PATCH', `/api/v1/webhooks/${webhook.id}`, { enabled: false }],
      ['DELETE', `/api/v1/webhooks/${webhook.id}`, undefined],
      ['POST', `/api/v1/webhooks/${webhook.id}/test`, undefined],
    ] as const) {
      expect(await call(method, path, { key: reader, json }), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'insufficient_scope', details: { requiredScope: 'webhook:write' } },
      });
    }
    const writer = await app.keyFor(user, ['webhook:write']);
    expect((await call('POST', `/api/v1/webhooks/${webhook.id}/test`, { key: writer })).status).toBe(202);
  });

  it("answers another user's webhook as missing", async () => {
    const { webhook } = (await create()).body;
    const foreign = (await app.userWithKey()).key;
    const path = `/api/v1/webhooks/${webhook.id}`;
    expect((await call('GET', '/api/v1/webhooks', { key: foreign })).body).toEqual({ webhooks: [] });
    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['PATCH', '', { enabled: false }],
      ['DELETE', '', undefined],
      ['POST', '/rotate-secret', undefined],
      ['POST', '/test', undefined],
      ['GET', '/deliveries', undefined],
      ['POST', '/deliveries/dlv_01JDQ40A7B8C9D0E1F2G3H4J5K/redeliver', undefined],
    ] as const) {
      expect(
        await call(method, `${path}${suffix}`, { key: foreign, json }),
        `${method} ${suffix}`,
      ).toMatchObject({ status: 404, body: { code: 'webhook_not_found' } });
    }
    expect((await call('GET', path)).body).toMatchObject({ enabled: true });
  });

  it('refuses bad input', async () => {
    const invalid = async (json: unknown, method = 'POST', path = '/api/v1/webhooks') =>
      expect(await call(method, path, { json }), JSON.stringify(json)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
    await invalid({ url: URL_A, events: [] });
    await invalid({ url: URL_A });
    await invalid({ url: URL_A, events: ['post.exploded'] });
    await invalid({ events: ['ping'] });
    await invalid({ url: '', events: ['ping'] });
    await invalid({ url: `https://hooks.example.com/${'x'.repeat(2000)}`, events: ['ping'] });
    await invalid({ url: URL_A, events: ['ping'], description: 'x'.repeat(501) });
    await invalid({
      url: URL_A,
      events: ['ping'],
      accountIds: Array.from({ length: 101 }, (_, i) => `a${i}`),
    });
    expect(
      await call('POST', '/api/v1/webhooks', { json: { url: URL_A, events: ['ping'], secret: 'mine' } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', details: { unknownFields: ['secret'] } },
    });

    app.webhookSender.refusedUrls.set('http://hooks.example.com/svc', 'The URL must use https.');
    expect(await create({ url: 'http://hooks.example.com/svc' })).toMatchObject({
      status: 422,
      body: { code: 'invalid_webhook_url', error: expect.stringContaining('must use https') },
    });
    expect(await create({ accountIds: ['acct_01JDQ40A7B8C9D0E1F2G3H4J5K'] })).toMatchObject({
      status: 400,
      body: { code: 'invalid_profile_ids' },
    });

    const { webhook } = (await create()).body;
    const path = `/api/v1/webhooks/${webhook.id}`;
    await invalid({}, 'PATCH', path);
    await invalid({ enabled: 'yes' }, 'PATCH', path);
    await invalid({ events: [] }, 'PATCH', path);
    await invalid({ id: 'whk_other' }, 'PATCH', path);
    expect(await call('PATCH', path, { json: { url: 'http://hooks.example.com/svc' } })).toMatchObject({
      status: 422,
      body: { code: 'invalid_webhook_url' },
    });
    expect((await call('GET', path)).body).toEqual(webhook);
    expect((await call('GET', '/api/v1/webhooks')).body.webhooks).toHaveLength(1);
  });

  it('keeps a key limited to some accounts within them', async () => {
    const otherId = (await app.account(user, { platform: 'tiktok', handle: 'other' })).id;
    const limited = await app.keyFor(user, ['*'], [igId]);
    expect(await create({ accountIds: [otherId] }, limited)).toMatchObject({
      status: 403,
      body: { code: 'profile_scope_denied', details: { profileIds: [otherId] } },
    });
    const own = await create({}, limited);
    expect(own).toMatchObject({ status: 201, body: { webhook: { accountIds: [igId] } } });
    const everyAccount = (await create({ accountIds: [igId, otherId] })).body.webhook;

    const listed = (await call('GET', '/api/v1/webhooks', { key: limited })).body.webhooks;
    expect(listed.map((w: { id: string }) => w.id)).toEqual([own.body.webhook.id]);
    expect(await call('GET', `/api/v1/webhooks/${everyAccount.id}`, { key: limited })).toMatchObject({
      status: 404,
      body: { code: 'webhook_not_found' },
    });
    expect(
      await call('PATCH', `/api/v1/webhooks/${own.body.webhook.id}`, {
        key: limited,
        json: { accountIds: [igId, otherId] },
      }),
    ).toMatchObject({ status: 403, body: { code: 'profile_scope_denied' } });
  });

  it(`stops at ${WEBHOOKS_PER_OWNER} webhooks`, async () => {
    for (let i = 0; i < WEBHOOKS_PER_OWNER; i += 1) expect((await create()).status).toBe(201);
    expect(await create()).toMatchObject({
      status: 409,
      body: { code: 'webhook_limit_reached', details: { limit: WEBHOOKS_PER_OWNER } },
    });
  });
});
