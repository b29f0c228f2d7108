import { leaseSizes, quotaWindowStart } from '@svc/core';
import { createMemoryStore } from '@svc/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const limited = async (perKey: { trial: number; paid: number }, perAddress: number) => {
  app = await startTestApp({ more: { rateLimits: { perKey, perAddress } } });
  return app;
};

const headersOf = (res: Response) => ({
  status: res.status,
  policy: res.headers.get('RateLimit-Policy'),
  limit: res.headers.get('RateLimit'),
  retryAfter: res.headers.get('Retry-After'),
});

describe('per-key rate limit', () => {
  it('lets exactly the quota through per window, then answers 429 rate_limited with the headers', async () => {
    const t = await limited({ trial: 2, paid: 3 }, 100);
    const { user, key } = await t.userWithKey({ plan: 'paid' });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(headersOf(await t.fetch('/api/v1/connections', { key })));
      t.clock.advance(1_000);
    }
    expect(answers).toEqual([
      {
        status: 200,
        policy: '"address";q=100;w=60, "key";q=3;w=60',
        limit: '"address";r=99;t=60, "key";r=2;t=60',
        retryAfter: null,
      },
      {
        status: 200,
        policy: '"address";q=100;w=60, "key";q=3;w=60',
        limit: '"address";r=98;t=59, "key";r=1;t=59',
        retryAfter: null,
      },
      {
        status: 200,
        policy: '"address";q=100;w=60, "key";q=3;w=60',
        limit: '"address";r=97;t=58, "key";r=0;t=58',
        retryAfter: null,
      },
    ]);
    t.clock.advance(500);
    const refused = await t.fetch('/api/v1/connections', { key });
    expect(headersOf(refused)).toEqual({
      status: 429,
      policy: '"address";q=100;w=60, "key";q=3;w=60',
      limit: '"address";r=96;t=57, "key";r=0;t=57',
      retryAfter: '57',
    });
    expect(await readJson(refused)).toEqual({
      error: 'Too many requests from this key: at most 3 a minute. Try again in 57 s.',
      code: 'rate_limited',
      details: { policies: ['key'], retryAfterSeconds: 57 },
    });
    // A refused create did nothing.
    const create = await t.fetch('/api/v1/posts', {
      key,
      method: 'POST',
      json: { caption: 'hi', platforms: ['threads'] },
    });
    expect(create.status).toBe(429);
    expect(await t.store.posts.quotaUsed(user.id, quotaWindowStart(t.clock.now()))).toBe(0);
    // Both windows end 60 s after the first request: the whole quotas are back.
    t.clock.advance(57_000);
    expect(headersOf(await t.fetch('/api/v1/connections', { key }))).toMatchObject({
      status: 200,
      limit: '"address";r=99;t=60, "key";r=2;t=60',
    });
  });

  it('counts each key on its own, with the quota of its owner’s plan', async () => {
    const t = await limited({ trial: 1, paid: 5 }, 100);
    const trial = await t.userWithKey({ plan: 'trial' });
    const paid = await t.userWithKey({ plan: 'paid' });
    expect((await t.fetch('/api/v1/connections', { key: trial.key })).status).toBe(200);
    expect(headersOf(await t.fetch('/api/v1/connections', { key: trial.key }))).toMatchObject({
      status: 429,
      limit: '"address";r=98;t=60, "key";r=0;t=60',
    });
    const other = await t.keyFor(trial.user);
    expect(headersOf(await t.fetch('/api/v1/connections', { key: other }))).toMatchObject({
      status: 200,
      policy: '"address";q=100;w=60, "key";q=1;w=60',
    });
    expect(headersOf(await t.fetch('/api/v1/connections', { key: paid.key }))).toMatchObject({
      status: 200,
      policy: '"address";q=100;w=60, "key";q=5;w=60',
      limit: '"address";r=96;t=60, "key";r=4;t=60',
    });
  });
});

describe('per-address rate limit', () => {
  it('counts every request to /api/v1 before authentication, and refuses over it whatever the key', async () => {
    const t = await limited({ trial: 100, paid: 100 }, 3);
    const { key } = await t.userWithKey();
    expect(headersOf(await t.fetch('/api/v1/openapi.json'))).toMatchObject({
      status: 200,
      policy: '"address";q=3;w=60',
      limit: '"address";r=2;t=60',
    });
    // Errors carry the headers too: a missing key, an unknown endpoint.
    expect(headersOf(await t.fetch('/api/v1/connections'))).toMatchObject({
      status: 401,
      limit: '"address";r=1;t=60',
    });
    expect(headersOf(await t.fetch('/api/v1/nothing-here'))).toMatchObject({
      status: 404,
      limit: '"address";r=0;t=60',
    });
    // Over the limit, a key is not even looked at: guessing keys is slowed down as much as anything.
    for (const credential of [key, 'svc_made.up']) {
      const refused = await t.fetch('/api/v1/connections', { key: credential });
      expect(headersOf(refused)).toEqual({
        status: 429,
        policy: '"address";q=3;w=60',
        limit: '"address";r=0;t=60',
        retryAfter: '60',
      });
      expect(await readJson(refused)).toMatchObject({
        code: 'rate_limited',
        details: { policies: ['address'] },
      });
    }
    // Outside /api/v1 nothing is limited.
    expect(headersOf(await t.fetch('/api/health'))).toEqual({
      status: 200,
      policy: null,
      limit: null,
      retryAfter: null,
    });
  });

  it('sends no rate-limit headers when the limits are off', async () => {
    const t = await limited({ trial: 0, paid: 0 }, 0);
    const { key } = await t.userWithKey();
    for (let i = 0; i < 5; i++) {
      expect(headersOf(await t.fetch('/api/v1/connections', { key }))).toEqual({
        status: 200,
        policy: null,
        limit: null,
        retryAfter: null,
      });
    }
  });
});

describe('what counting costs', () => {
  it('writes the shared counters once a lease, not once a request, and stays exact', async () => {
    const store = createMemoryStore();
    const writes: string[] = [];
    const counters = store.rateLimits;
    const counting = {
      ...store,
      rateLimits: {
        hit: (key: string, now: Date, windowMs: number, cost: number) => {
          writes.push(key);
          return counters.hit(key, now, windowMs, cost);
        },
        deleteExpired: (now: Date) => counters.deleteExpired(now),
      },
    };
    const quota = 1000;
    app = await startTestApp({
      store: counting,
      more: { rateLimits: { perKey: { trial: quota, paid: quota }, perAddress: quota } },
    });
    const { key } = await app.userWithKey();
    const requests = 200;
    for (let i = 0; i < requests; i++) {
      const res = await app.fetch('/api/v1/connections', { key });
      expect(res.status).toBe(200);
      // One process counts exactly: what is left is the quota less the requests so far.
      expect(res.headers.get('RateLimit')).toBe(
        `"address";r=${quota - 1 - i};t=60, "key";r=${quota - 1 - i};t=60`,
      );
    }
    const { block } = leaseSizes(quota);
    // Two counters (the address and the key), each leased a block at a time.
    expect(writes.length).toBeLessThan((2 * requests) / block + 10);
    expect([...new Set(writes)].sort()).toEqual([
      expect.stringMatching(/^api:address:/),
      expect.stringMatching(/^api:key:/),
    ]);
  });
});
