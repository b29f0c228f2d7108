import { afterEach, describe, expect, it } from 'vitest';
import { MCP_BATCH_CONCURRENCY, MCP_BATCH_MAX_MESSAGES } from '../src/index.js';
import { type McpTestApp, readJson, startMcpTestApp } from './mcp-test-app.js';

// Issue 30, "Every unit of work is charged": a batch counted once per HTTP request, and ran every
// call at once. These run through the real endpoint on loopback; the process test
// (packages/server/test/mcp-batch-limits-process.test.ts) does the same against `svc serve`.

const summaryCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'svc_get_account_summary', arguments: {} },
});
const calls = (n: number, from = 1) => Array.from({ length: n }, (_, i) => summaryCall(from + i));

/** The `r` of one policy in a `RateLimit` header. */
const left = (res: Response, policy: string) =>
  Number(new RegExp(`"${policy}";r=(\\d+)`).exec(res.headers.get('RateLimit') ?? '')?.[1]);

let app: McpTestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('batches on /api/mcp', () => {
  it('charges every tool call of a batch to the key and every message to the address', async () => {
    app = await startMcpTestApp({ rateLimits: { perKey: { trial: 100, paid: 100 }, perAddress: 1000 } });
    const { key } = await app.userWithKey();
    const first = await app.rpc(calls(7), { key });
    expect(first.status).toBe(200);
    expect(await readJson(first)).toHaveLength(7);
    expect(left(first, 'key')).toBe(93);
    expect(left(first, 'address')).toBe(993);
    // A batch mixing tool calls with other requests and a notification: only the calls cost the
    // key; every message costs the address.
    const mixed = await app.rpc(
      [
        ...calls(3, 10),
        { jsonrpc: '2.0', id: 20, method: 'tools/list' },
        { jsonrpc: '2.0', id: 21, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ],
      { key },
    );
    expect(mixed.status).toBe(200);
    expect(await readJson(mixed)).toHaveLength(5);
    expect(left(mixed, 'key')).toBe(90);
    expect(left(mixed, 'address')).toBe(987);
    expect(mixed.headers.get('RateLimit-Policy')).toBe('"address";q=1000;w=60, "key";q=100;w=60');
  });

  it('refuses a batch that does not fit whole with 429, and one larger than the quota with advice', async () => {
    app = await startMcpTestApp({ rateLimits: { perKey: { trial: 10, paid: 10 }, perAddress: 1000 } });
    const { key } = await app.userWithKey();
    expect((await app.rpc(calls(6), { key })).status).toBe(200);
    const over = await app.rpc(calls(5), { key });
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    // A refused batch is not counted: what is left still serves a batch that fits.
    expect(left(over, 'key')).toBe(4);
    expect(await readJson(over)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Too many requests from this key: this batch counts as 5, more than is left of at most 10 a minute. Try again in 60 s.',
        data: { code: 'rate_limited', policies: ['key'], retryAfterSeconds: 60 },
      },
    });
    const fits = await app.rpc(calls(4), { key });
    expect(fits.status).toBe(200);
    expect(left(fits, 'key')).toBe(0);
    app.doubles.clock.advance(60_000);
    const huge = await app.rpc(calls(11), { key });
    expect(huge.status).toBe(429);
    expect((await readJson(huge)).error.message).toBe(
      'This batch counts as 11 requests, more than this key may send (at most 10 a minute); send smaller batches.',
    );
  });

  it(`refuses a batch over ${MCP_BATCH_MAX_MESSAGES} messages with Invalid Request naming the maximum`, async () => {
    app = await startMcpTestApp();
    const { key } = await app.userWithKey();
    expect((await app.rpc(calls(MCP_BATCH_MAX_MESSAGES), { key })).status).toBe(200);
    const refused = await app.rpc(calls(MCP_BATCH_MAX_MESSAGES + 1), { key });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: a batch holds at most ${MCP_BATCH_MAX_MESSAGES} messages; this one has ${MCP_BATCH_MAX_MESSAGES + 1}. Send it in smaller batches.`,
      },
    });
  });

  it(`answers at most ${MCP_BATCH_CONCURRENCY} messages of a batch at once, in order`, async () => {
    app = await startMcpTestApp();
    const { key } = await app.userWithKey();
    // Each summary lists the accounts once: hold that read open a little and count how many
    // are open together.
    const accounts = app.core.store.accounts;
    const list = accounts.listActiveAccounts.bind(accounts);
    let open = 0;
    let most = 0;
    accounts.listActiveAccounts = async (ownerId) => {
      open += 1;
      most = Math.max(most, open);
      await new Promise((resolve) => setTimeout(resolve, 15));
      open -= 1;
      return list(ownerId);
    };
    const res = await app.rpc(calls(20), { key });
    expect(res.status).toBe(200);
    const replies = (await readJson(res)) as { id: number; result: { isError?: boolean } }[];
    expect(replies.map((r) => r.id)).toEqual(calls(20).map((c) => c.id));
    expect(replies.every((r) => r.result.isError !== true)).toBe(true);
    expect(most).toBe(MCP_BATCH_CONCURRENCY);
  });
});

describe('batches and the per-address limit', () => {
  it('refuses a batch whose messages do not fit what the address has left, naming the whole batch', async () => {
    app = await startMcpTestApp({ rateLimits: { perKey: { trial: 100, paid: 100 }, perAddress: 10 } });
    const { key } = await app.userWithKey();
    const ok = await app.rpc(calls(4), { key });
    expect(left(ok, 'address')).toBe(6);
    const refused = await app.rpc(calls(8), { key });
    expect(refused.status).toBe(429);
    // The HTTP request itself was counted before its body was read; its other 7 messages were not.
    expect(left(refused, 'address')).toBe(5);
    // Refused before any key was looked at: the key's counter did not move.
    expect(refused.headers.get('RateLimit-Policy')).toBe('"address";q=10;w=60');
    expect((await readJson(refused)).error).toMatchObject({
      message:
        'Too many requests from this client address: this batch counts as 8, more than is left of at most 10 a minute. Try again in 60 s.',
      data: { code: 'rate_limited', policies: ['address'] },
    });
  });
});
