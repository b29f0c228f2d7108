import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeClock } from '@svc/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGraphClient } from './graph-client.js';
import { GraphRequestError } from './graph-failure.js';

type Seen = { method: string; url: string; body: string; headers: IncomingMessage['headers'] };
const seen: Seen[] = [];
let server: Server;
let base: string;

// Answers by path: a Graph error with a usage header, a body that is not JSON, a slow answer,
// and an echo of what was sent.
function answer(req: IncomingMessage, res: ServerResponse, body: string): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
  const path = new URL(req.url ?? '/', 'http://x').pathname.replace('/sandbox/graph', '');
  if (path === '/limited') {
    const usage = { '42': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 3 }] };
    res.writeHead(400, {
      'content-type': 'application/json',
      'x-business-use-case-usage': JSON.stringify(usage),
    });
    res.end(
      JSON.stringify({ error: { message: '(#80002) Too many calls', code: 80002, type: 'OAuthException' } }),
    );
  } else if (path === '/busy') {
    // A success near the limits: 95 % of the app's calls, 91 % of the Page's CPU time.
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-app-usage': JSON.stringify({ call_count: 95, total_cputime: 10, total_time: 20 }),
      'x-page-usage': JSON.stringify({ call_count: 12, total_cputime: 91, total_time: 30 }),
    });
    res.end(JSON.stringify({ id: '18' }));
  } else if (path === '/page-busy') {
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-page-usage': JSON.stringify({ call_count: 92, total_cputime: 1, total_time: 1 }),
    });
    res.end(JSON.stringify({ id: '19' }));
  } else if (path === '/html') {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
  } else if (path === '/slow') {
    setTimeout(() => res.writeHead(200).end('{"id":"1"}'), 500);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '17' }));
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/graph`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const idSchema = z.object({ id: z.string() });
const failureOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(GraphRequestError);
  return (error as GraphRequestError).failure;
};

describe('createGraphClient', () => {
  const graph = createGraphClient({ timeoutMs: 200 });

  it('sends GET parameters in the query and POST parameters as a form, under a base with a path', async () => {
    expect(await graph.get(idSchema, `${base}/v23.0/me`, { fields: 'id', access_token: 't' })).toEqual({
      id: '17',
    });
    await graph.post(
      idSchema,
      `${base}/v23.0/1/media`,
      { caption: 'a&b', access_token: 't' },
      { file_url: 'x' },
    );
    expect(seen.slice(-2)).toMatchObject([
      { method: 'GET', url: '/sandbox/graph/v23.0/me?fields=id&access_token=t', body: '' },
      {
        method: 'POST',
        url: '/sandbox/graph/v23.0/1/media',
        body: 'caption=a%26b&access_token=t',
        headers: { 'content-type': 'application/x-www-form-urlencoded', file_url: 'x' },
      },
    ]);
  });

  it('POSTs nested parameters as JSON with the given headers', async () => {
    await graph.postJson(
      idSchema,
      `${base}/v23.0/1/messages`,
      { recipient: { comment_id: '9' }, message: { text: 'Hi & bye' } },
      { authorization: 'Bearer t' },
    );
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/sandbox/graph/v23.0/1/messages',
      body: '{"recipient":{"comment_id":"9"},"message":{"text":"Hi & bye"}}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
    });
  });

  it("reads Meta's error and its estimate of when calls are allowed again", async () => {
    expect(await failureOf(graph.get(idSchema, `${base}/limited`, {}))).toMatchObject({
      status: 400,
      error: { code: 80002 },
      regainAccessMs: 180_000,
    });
  });

  it('rejects answers that are not the expected JSON, without retrying a POST', async () => {
    const before = seen.length;
    expect(await failureOf(graph.post(idSchema, `${base}/html`, {}))).toMatchObject({
      status: 200,
      error: null,
    });
    expect(seen.length - before).toBe(1);
  });

  it('reports timeouts and refused connections as no answer, keeping tokens out of the message', async () => {
    const slow = await failureOf(graph.get(idSchema, `${base}/slow`, { access_token: 'secret-token' }));
    expect(slow).toMatchObject({ status: null, detail: 'ETIMEDOUT' });
    const closed = await failureOf(
      graph.get(idSchema, 'http://127.0.0.1:9/x', { access_token: 'secret-token' }),
    );
    expect(closed).toMatchObject({ status: null, detail: 'ECONNREFUSED' });
    expect(JSON.stringify([slow, closed])).not.toContain('secret-token');
  });
});

describe('createGraphClient pacing', () => {
  it('reads the usage headers of a success and holds the next calls back before 100 %', async () => {
    const clock = createFakeClock('2026-03-01T09:00:00.000Z');
    const graph = createGraphClient({ timeoutMs: 500, clock });
    expect(await graph.get(idSchema, `${base}/busy`, { access_token: 'page-a' })).toEqual({ id: '18' });
    const before = seen.length;
    // 95 % of the app: every call waits 6 minutes, whatever its token; nothing is sent meanwhile.
    expect(await failureOf(graph.get(idSchema, `${base}/me`, { access_token: 'page-b' }))).toMatchObject({
      status: null,
      paced: true,
      regainAccessMs: 6 * 60_000,
    });
    expect(seen.length).toBe(before);
    clock.advance(6 * 60_000);
    expect(await graph.get(idSchema, `${base}/me`, { access_token: 'page-b' })).toEqual({ id: '17' });
  });

  it("keeps a Page's usage to calls with that Page's token", async () => {
    const clock = createFakeClock('2026-03-01T09:00:00.000Z');
    const graph = createGraphClient({ timeoutMs: 500, clock });
    await graph.post(idSchema, `${base}/page-busy`, { access_token: 'page-a' });
    expect(await failureOf(graph.get(idSchema, `${base}/me`, { access_token: 'page-a' }))).toMatchObject({
      paced: true,
      regainAccessMs: 3 * 60_000,
    });
    expect(await graph.get(idSchema, `${base}/me`, { access_token: 'page-b' })).toEqual({ id: '17' });
  });

  it("waits Meta's regain estimate after a throttled answer, for that token", async () => {
    const clock = createFakeClock('2026-03-01T09:00:00.000Z');
    const graph = createGraphClient({ timeoutMs: 500, clock });
    await failureOf(graph.get(idSchema, `${base}/limited`, { access_token: 'ig-a' }));
    expect(await failureOf(graph.get(idSchema, `${base}/me`, { access_token: 'ig-a' }))).toMatchObject({
      paced: true,
      regainAccessMs: 3 * 60_000,
    });
    clock.advance(3 * 60_000);
    expect(await graph.get(idSchema, `${base}/me`, { access_token: 'ig-a' })).toEqual({ id: '17' });
  });
});
