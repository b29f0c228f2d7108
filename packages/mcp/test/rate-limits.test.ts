import { afterEach, describe, expect, it } from 'vitest';
import { type McpTestApp, readJson, startMcpTestApp } from './mcp-test-app.js';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const summary = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'svc_get_account_summary', arguments: {} },
};

const headersOf = (res: Response) => ({
  status: res.status,
  policy: res.headers.get('RateLimit-Policy'),
  limit: res.headers.get('RateLimit'),
  retryAfter: res.headers.get('Retry-After'),
});

let app: McpTestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('/api/mcp rate limits', () => {
  it('counts every request per address, on the counter REST uses, and refuses over it with 429', async () => {
    app = await startMcpTestApp({ rateLimits: { perKey: { trial: 100, paid: 100 }, perAddress: 3 } });
    expect(headersOf(await app.rpc(initialize))).toEqual({
      status: 200,
      policy: '"address";q=3;w=60',
      limit: '"address";r=2;t=60',
      retryAfter: null,
    });
    // A notification (202, no body) and a REST call count against the same allowance.
    const notified = await app.rpc({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(headersOf(notified)).toMatchObject({ status: 202, limit: '"address";r=1;t=60' });
    const rest = await fetch(`${app.url}/api/v1/openapi.json`);
    expect(headersOf(rest)).toMatchObject({ status: 200, limit: '"address";r=0;t=60' });
    const refused = await app.rpc(initialize);
    expect(headersOf(refused)).toEqual({
      status: 429,
      policy: '"address";q=3;w=60',
      limit: '"address";r=0;t=60',
      retryAfter: '60',
    });
    expect(await readJson(refused)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Too many requests from this client address: at most 3 a minute. Try again in 60 s.',
        data: { code: 'rate_limited', policies: ['address'], retryAfterSeconds: 60 },
      },
    });
    app.doubles.clock.advance(60_000);
    expect((await app.rpc(initialize)).status).toBe(200);
  });

  it('counts tool calls per key with the plan’s quota; other keys and unauthenticated calls are unaffected', async () => {
    app = await startMcpTestApp({ rateLimits: { perKey: { trial: 2, paid: 50 }, perAddress: 1000 } });
    const trial = await app.userWithKey({ plan: 'trial' });
    const paid = await app.userWithKey({ plan: 'paid' });
    for (const left of [1, 0]) {
      expect(headersOf(await app.rpc(summary, { key: trial.key }))).toMatchObject({
        status: 200,
        policy: '"address";q=1000;w=60, "key";q=2;w=60',
        limit: expect.stringContaining(`"key";r=${left};t=60`),
      });
    }
    const refused = await app.rpc(summary, { key: trial.key });
    expect(headersOf(refused)).toMatchObject({ status: 429, retryAfter: '60' });
    expect(await readJson(refused)).toMatchObject({
      id: 7,
      error: { code: -32000, data: { code: 'rate_limited', policies: ['key'] } },
    });
    // REST shares the key's counter.
    const viaRest = await fetch(`${app.url}/api/v1/connections`, {
      headers: { Authorization: `Bearer ${trial.key}` },
    });
    expect(headersOf(viaRest)).toMatchObject({
      status: 429,
      limit: expect.stringContaining('"key";r=0;t=60'),
    });
    expect(headersOf(await app.rpc(summary, { key: paid.key }))).toMatchObject({
      status: 200,
      policy: '"address";q=1000;w=60, "key";q=50;w=60',
    });
    // tools/list needs no key, so only the address counts.
    expect(
      headersOf(await app.rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { key: trial.key })),
    ).toMatchObject({
      status: 200,
      policy: '"address";q=1000;w=60',
    });
  });
});
