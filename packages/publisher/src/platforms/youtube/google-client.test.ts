import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGoogleClient } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; bytes: number }> = [];

function answer(req: IncomingMessage, res: ServerResponse, bytes: number): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes });
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/resume') res.writeHead(308, { range: 'bytes=0-99' }).end();
  else if (path === '/quota') {
    res.writeHead(403, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: {
          code: 403,
          message: 'quota',
          errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }],
        },
      }),
    );
  } else if (path === '/slow') setTimeout(() => res.writeHead(200).end('{}'), 500);
  else res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"v1"}');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => answer(req, res, bytes));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const rejection = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleRequestError);
  return error as GoogleRequestError;
};

describe('createGoogleClient', () => {
  const google = createGoogleClient({ timeoutMs: 200 });

  it('answers a 308 as it is, without following it, and sends raw bytes', async () => {
    const answer = await google.send({ method: 'PUT', url: `${base}/resume`, body: new Uint8Array(1000) });
    expect(answer).toMatchObject({ status: 308, headers: { range: 'bytes=0-99' }, body: undefined });
    expect(seen.filter((s) => s.url === '/resume')).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', bytes: 1000 });
  });

  it("reads Google's error into the failure and checks answers against the schema", async () => {
    const quota = await rejection(
      google.json(z.object({ id: z.string() }), { method: 'GET', url: `${base}/quota` }),
    );
    expect(quota.failure).toMatchObject({ status: 403, reason: 'quotaExceeded', domain: 'youtube.quota' });
    const shape = await rejection(
      google.json(z.object({ other: z.string() }), { method: 'GET', url: `${base}/ok` }),
    );
    expect(shape.failure).toMatchObject({ status: 200, detail: 'an answer of an unexpected shape from /ok' });
    expect(await google.json(z.object({ id: z.string() }), { method: 'GET', url: `${base}/ok` })).toEqual({
      id: 'v1',
    });
  });

  it('reports no answer by its code only, never the token, and lets a call take longer', async () => {
    const slow = await rejection(
      google.send({ method: 'GET', url: `${base}/slow`, searchParams: { access_token: 'secret-token' } }),
    );
    expect(slow.failure).toMatchObject({ status: null, detail: 'ETIMEDOUT' });
    expect(`${slow.message} ${JSON.stringify(slow.failure)}`).not.toContain('secret-token');
    expect((await google.send({ method: 'GET', url: `${base}/slow`, timeoutMs: 2_000 })).status).toBe(200);
  });
});
