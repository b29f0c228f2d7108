import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { WebhookRequest, WebhookResponse } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, type WebhookSenderOptions } from '../src/index.js';
import {
  type LoopbackServer,
  makeCertificate,
  startServer,
  type TestCertificate,
} from './loopback-server.js';
import { forbidOutsideConnections } from './no-outside-connections.js';

// Names the tests' fake DNS knows. Real DNS is never asked. 93.184.215.14 is only ever resolved,
// never connected to (checkUrl does not connect).
const DNS: Record<string, string[]> = {
  'hooks.example.com': ['127.0.0.1'],
  'public.example.com': ['93.184.215.14', '2606:2800:21f:cb07::1'],
  'internal.example.net': ['10.0.0.5'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.20'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['::1'],
  localhost: ['127.0.0.1'],
};

const fakeDns: LookupFunction = (hostname, _options, callback) => {
  const addresses = DNS[hostname];
  if (!addresses) {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    return;
  }
  callback(
    null,
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'x');
const received: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
let endlessClosed = false;

let certificate: TestCertificate;
let https: LoopbackServer;
let http: LoopbackServer;
let restoreConnect: () => void;

beforeAll(async () => {
  restoreConnect = forbidOutsideConnections();
  certificate = await makeCertificate(['hooks.example.com']);
  const receive = (request: IncomingMessage, then: (body: Buffer) => void) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = Buffer.concat(parts);
      received.push({ path: request.url ?? '', headers: request.headers, body });
      then(body);
    });
  };
  const routes: Parameters<typeof startServer>[0] = {
    '/hook': (req, res) =>
      receive(req, () => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')),
    '/status/*': (req, res) => {
      const status = Number(req.url?.split('/')[2]);
      receive(req, () => res.writeHead(status).end(`status ${status}`));
    },
    '/huge': (_req, res) => {
      res.on('error', () => {});
      res.writeHead(200, { 'content-length': String(TEN_MB.length) }).end(TEN_MB);
    },
    '/endless': (_req, res) => {
      res.on('error', () => {});
      res.on('close', () => {
        endlessClosed = true;
      });
      res.writeHead(200);
      const more = () => {
        if (!res.destroyed) res.write(Buffer.alloc(64 * 1024, 'y'), () => setTimeout(more, 5));
      };
      more();
    },
    '/emoji': (_req, res) => res.writeHead(200).end('😀'.repeat(5000)),
    '/accented': (_req, res) => res.writeHead(500).end('é'.repeat(3000)),
    '/binary': (_req, res) =>
      res.writeHead(400).end(Buffer.from([0x6f, 0x6b, 0x00, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe, 0x0a, 0x21])),
    '/429-seconds': (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end('slow down'),
    '/429-date': (_req, res) =>
      res.writeHead(429, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() }).end(),
    '/503-without': (_req, res) => res.writeHead(503).end('maintenance'),
    '/503-seconds': (_req, res) => res.writeHead(503, { 'retry-after': '30' }).end(),
    '/200-retry-after': (_req, res) => res.writeHead(200, { 'retry-after': '30' }).end(),
    '/redirect': (_req, res) => res.writeHead(302, { location: '/target' }).end('moved'),
    '/target': (_req, res) => res.writeHead(200).end('target'),
    '/never-answers': () => {},
    '/stalls-in-body': (_req, res) => {
      res.writeHead(200);
      res.write('a little');
    },
  };
  https = await startServer(routes, certificate);
  http = await startServer(routes);
});

afterAll(async () => {
  await https?.close();
  await http?.close();
  restoreConnect?.();
});

/** A sender with the checks ON that trusts the test certificate, resolves through the fake DNS and lets 127.0.0.1 (only) through. */
function sender(overrides: Partial<WebhookSenderOptions> = {}) {
  return createWebhookSender({
    allowPrivate: false,
    lookup: fakeDns,
    allowAddresses: ['127.0.0.1'],
    https: { certificateAuthority: certificate.cert },
    ...overrides,
  });
}

const url = (path: string, host = 'hooks.example.com') => `https://${host}:${https.port}${path}`;

const BODY = '{"type":"post.published","data":{"text":"Café ☕ — \\"quoted\\"\\n","n":1}}  ';
const post = (link: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url: link,
  body: BODY,
  headers: {
    'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
    'webhook-timestamp': '1674087231',
    'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
  ...extra,
});

function answered(response: WebhookResponse) {
  if (response.kind !== 'answered') throw new Error(`not answered: ${JSON.stringify(response)}`);
  return response;
}

const lastReceived = () => received[received.length - 1];

describe('webhook sender: delivering', () => {
  it('posts the exact body bytes with the webhook headers, a JSON content type and its user agent', async () => {
    const response = answered(await sender().send(post(url('/hook'))));
    expect(response).toMatchObject({ status: 200, excerpt: 'thanks', retryAfterMs: null });
    expect(Number.isInteger(response.durationMs)).toBe(true);
    const got = lastReceived();
    expect(got?.body.equals(Buffer.from(BODY, 'utf8'))).toBe(true);
    expect(got?.headers).toMatchObject({
      'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      'webhook-timestamp': '1674087231',
      'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(BODY)),
      'user-agent': 'svc-webhooks/0.1 (+self-hosted social post scheduler)',
    });
    expect(got?.headers['accept-encoding']).toBeUndefined();
    expect(got?.headers.authorization).toBeUndefined();
  });

  it("keeps the caller's content type, drops framing headers and credentials in the URL, takes a user agent", async () => {
    const link = url('/hook').replace('https://', 'https://alice:hunter2@');
    const request = post(link, {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': '3', Host: 'evil' },
    });
    answered(await sender({ userAgent: 'test-agent/1' }).send(request));
    const got = lastReceived();
    expect(got?.body.toString('utf8')).toBe(BODY);
    expect(got?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(got?.headers.host).toBe(`hooks.example.com:${https.port}`);
    expect(got?.headers['user-agent']).toBe('test-agent/1');
    expect(got?.headers.authorization).toBeUndefined();
  });

  it.each([
    [201, 'status 201'],
    [204, ''],
    [404, 'status 404'],
    [410, 'status 410'],
    [500, 'status 500'],
    [502, 'status 502'],
  ])('reports status %d with its excerpt', async (status, excerpt) => {
    const response = answered(await sender().send(post(url(`/status/${status}`))));
    expect(response).toMatchObject({ status, excerpt, retryAfterMs: null });
  });

  it('reads only the excerpt of a 10 MB body, and returns quickly', async () => {
    const started = performance.now();
    const response = answered(await sender().send(post(url('/huge'))));
    expect(response.status).toBe(200);
    expect(response.excerpt).toBe('x'.repeat(1024));
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('does not wait for a body that never ends, and drops the connection', async () => {
    const response = answered(await sender({ timeoutMs: 5_000 }).send(post(url('/endless'))));
    expect(response.excerpt).toBe('y'.repeat(1024));
    expect(response.durationMs).toBeLessThan(2_000);
    await expect.poll(() => endlessClosed).toBe(true);
  });

  it('cuts the excerpt at 1,024 characters, never inside a character', async () => {
    expect(answered(await sender().send(post(url('/accented')))).excerpt).toBe('é'.repeat(1024));
    const emoji = answered(await sender().send(post(url('/emoji')))).excerpt;
    expect(emoji).toBe('😀'.repeat(512));
  });

  it('decodes bad UTF-8 leniently and makes control characters visible', async () => {
    const response = answered(await sender().send(post(url('/binary'))));
    expect(response).toMatchObject({ status: 400, excerpt: 'ok\uFFFD\uFFFD[2J\uFFFD\uFFFD\n!' });
  });

  it('reads Retry-After of a 429 in seconds and as a date, and of a 503', async () => {
    expect(answered(await sender().send(post(url('/429-seconds'))))).toMatchObject({
      status: 429,
      retryAfterMs: 120_000,
      excerpt: 'slow down',
    });
    const dated = answered(await sender().send(post(url('/429-date'))));
    expect(dated.retryAfterMs).toBeGreaterThan(3_590_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(3_600_000);
    expect(answered(await sender().send(post(url('/503-seconds')))).retryAfterMs).toBe(30_000);
  });

  it('answers retryAfterMs null for a 503 without it, and for other statuses that send it', async () => {
    expect(answered(await sender().send(post(url('/503-without'))))).toMatchObject({
      status: 503,
      retryAfterMs: null,
      excerpt: 'maintenance',
    });
    expect(answered(await sender().send(post(url('/200-retry-after')))).retryAfterMs).toBeNull();
  });

  it('follows no redirect: a 302 is the answer and its target is never requested', async () => {
    const before = https.requests.length;
    const response = answered(await sender().send(post(url('/redirect'))));
    expect(response).toMatchObject({ status: 302, excerpt: 'moved' });
    expect(https.requests.slice(before).map((r) => r.path)).toEqual(['/redirect']);
  });

  it('with allowPrivate, posts over plain http to a loopback literal', async () => {
    const response = await createWebhookSender({ allowPrivate: true }).send(
      post(`http://127.0.0.1:${http.port}/hook`),
    );
    expect(answered(response).status).toBe(200);
    expect(lastReceived()?.body.toString('utf8')).toBe(BODY);
  });
});

describe('webhook sender: time limit', () => {
  it('gives up on a server that accepts and never answers within timeoutMs', async () => {
    const response = await sender({ timeoutMs: 500 }).send(post(url('/never-answers')));
    expect(response).toMatchObject({
      kind: 'failed',
      reason: 'timeout',
      detail: 'No complete answer within 500 ms.',
    });
    expect(response.durationMs).toBeGreaterThanOrEqual(450);
    expect(response.durationMs).toBeLessThan(1_500);
  });

  it('counts reading the excerpt in the limit', async () => {
    const response = await sender({ timeoutMs: 500 }).send(post(url('/stalls-in-body')));
    expect(response).toMatchObject({ kind: 'failed', reason: 'timeout' });
    expect(response.durationMs).toBeLessThan(1_500);
  });

  it('counts a lookup that never answers in the limit', async () => {
    const silentDns: LookupFunction = () => {};
    const response = await sender({ timeoutMs: 300, lookup: silentDns }).send(post(url('/hook')));
    expect(response).toMatchObject({ kind: 'failed', reason: 'timeout' });
  });

  it('lets other endpoints through while slow ones hold their connections', async () => {
    const slow = sender({ timeoutMs: 1_500 });
    const stuck = Array.from({ length: 30 }, () => slow.send(post(url('/never-answers'))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const fast = answered(await slow.send(post(url('/hook'))));
    expect(fast.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const response of await Promise.all(stuck)) expect(response.kind).toBe('failed');
  });
});

describe('webhook sender: refusals (allowPrivate false)', () => {
  it.each([
    ['https://127.0.0.1:1/hook', '127.0.0.1 is not a public address (loopback).'],
    ['https://10.0.0.1/hook', '10.0.0.1 is not a public address (private).'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (linkLocal).'],
    ['https://[::1]/hook', '::1 is not a public address (loopback).'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is not a public address (loopback).'],
    ['https://[fd00::1]/hook', 'fd00::1 is not a public address (uniqueLocal).'],
    ['https://100.64.0.1/hook', '100.64.0.1 is not a public address (carrierGradeNat).'],
    ['https://localhost/hook', 'localhost is a local host name, not a public one.'],
    [
      'https://metadata.google.internal/computeMetadata/v1/',
      'metadata.google.internal is a local host name, not a public one.',
    ],
  ])('blocks %s before connecting', async (link, detail) => {
    const before = https.requests.length;
    const response = await sender({ allowAddresses: [] }).send(post(link));
    expect(response).toMatchObject({ kind: 'failed', reason: 'blocked_address', detail });
    expect(https.requests.length).toBe(before);
  });

  it.each([
    ['internal.example.net', 'internal.example.net resolves to 10.0.0.5 (private)'],
    ['mixed.example.com', 'mixed.example.com resolves to 192.168.1.20 (private)'],
    ['metadata.example.com', 'metadata.example.com resolves to 169.254.169.254 (linkLocal)'],
    ['v6.example.com', 'v6.example.com resolves to ::1 (loopback)'],
  ])('blocks %s, which resolves (in part) to a private address', async (host, detail) => {
    const response = await sender().send(post(url('/hook', host)));
    expect(response).toEqual({
      kind: 'failed',
      reason: 'blocked_address',
      detail,
      durationMs: expect.any(Number),
    });
  });

  it('blocks a public-looking name that resolves to loopback unless its address is allowed', async () => {
    const before = received.length;
    const response = await sender({ allowAddresses: [] }).send(post(url('/hook')));
    expect(response).toMatchObject({
      kind: 'failed',
      reason: 'blocked_address',
      detail: 'hooks.example.com resolves to 127.0.0.1 (loopback)',
    });
    expect(received.length).toBe(before);
  });

  it('refuses plain http, and any other scheme or a non-URL, as not_https', async () => {
    const before = http.requests.length;
    for (const link of [
      `http://hooks.example.com:${http.port}/hook`,
      'ftp://hooks.example.com/',
      'not a url',
    ]) {
      expect(await sender().send(post(link))).toMatchObject({ kind: 'failed', reason: 'not_https' });
    }
    expect(http.requests.length).toBe(before);
  });

  it('reports unreachable for unknown names, closed ports and untrusted certificates, without the query', async () => {
    const unknown = await sender().send(post(url('/hook?token=secret', 'nowhere.example.com')));
    expect(unknown).toMatchObject({
      kind: 'failed',
      reason: 'unreachable',
      detail: 'getaddrinfo ENOTFOUND nowhere.example.com',
    });
    const closed = await startServer({});
    const port = closed.port;
    await closed.close();
    const refused = await sender().send(post(`https://hooks.example.com:${port}/hook?token=secret`));
    expect(refused).toMatchObject({
      kind: 'failed',
      reason: 'unreachable',
      detail: expect.stringMatching(/ECONNREFUSED/),
    });
    const untrusted = await sender({ https: {} }).send(post(url('/hook?token=secret')));
    expect(untrusted).toMatchObject({ kind: 'failed', reason: 'unreachable' });
    for (const response of [unknown, refused, untrusted]) {
      if (response.kind === 'failed') {
        expect(response.detail).not.toMatch(/secret|\n| {4}at /);
        expect(response.detail.length).toBeLessThanOrEqual(200);
      }
    }
  });

  it('refuses a header that cannot be sent, naming it without its value', async () => {
    const response = await sender().send(
      post(url('/hook'), { headers: { 'webhook-signature': 'v1,abc\r\nx-injected: secret' } }),
    );
    expect(response).toMatchObject({
      kind: 'failed',
      reason: 'unreachable',
      detail: 'The request header "webhook-signature" is not valid.',
    });
  });
});

describe('webhook sender: checkUrl', () => {
  it.each([
    ['not a url', 'The URL is not a valid absolute URL.'],
    ['/relative/path', 'The URL is not a valid absolute URL.'],
    ['http://public.example.com/hook', 'The URL must use https.'],
    ['ftp://public.example.com/hook', 'The URL must use https.'],
    ['https://user:pass@public.example.com/hook', 'The URL must not contain a user name or password.'],
    ['https://token@public.example.com/hook', 'The URL must not contain a user name or password.'],
    ['https://localhost/hook', 'localhost is a local host name, not a public one.'],
    ['https://LOCALHOST./hook', 'localhost. is a local host name, not a public one.'],
    ['https://app.localhost/hook', 'app.localhost is a local host name, not a public one.'],
    ['https://metadata.google.internal/', 'metadata.google.internal is a local host name, not a public one.'],
    ['https://printer.local/hook', 'printer.local is a local host name, not a public one.'],
    ['https://127.0.0.1/hook', '127.0.0.1 is not a public address (loopback).'],
    ['https://2130706433/hook', '127.0.0.1 is not a public address (loopback).'],
    ['https://10.1.2.3/hook', '10.1.2.3 is not a public address (private).'],
    ['https://192.168.0.10/hook', '192.168.0.10 is not a public address (private).'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (linkLocal).'],
    ['https://100.100.100.200/', '100.100.100.200 is not a public address (carrierGradeNat).'],
    ['https://224.0.0.251/', '224.0.0.251 is not a public address (multicast).'],
    ['https://[::1]/hook', '::1 is not a public address (loopback).'],
    ['https://[fe80::1]/hook', 'fe80::1 is not a public address (linkLocal).'],
    ['https://[fd12:3456::1]/hook', 'fd12:3456::1 is not a public address (uniqueLocal).'],
    ['https://[::ffff:10.0.0.1]/hook', '::ffff:a00:1 is not a public address (private).'],
    [
      'https://internal.example.net/hook',
      'internal.example.net resolves to 10.0.0.5 (private), which is not a public address.',
    ],
    [
      'https://mixed.example.com/hook',
      'mixed.example.com resolves to 192.168.1.20 (private), which is not a public address.',
    ],
    [
      'https://hooks.example.com/hook',
      'hooks.example.com resolves to 127.0.0.1 (loopback), which is not a public address.',
    ],
    ['https://nowhere.example.com/hook', 'nowhere.example.com could not be resolved.'],
  ])('refuses %s', async (link, sentence) => {
    expect(await sender({ allowAddresses: [] }).checkUrl(link)).toBe(sentence);
  });

  it('refuses a URL longer than 2,000 characters', async () => {
    expect(await sender().checkUrl(`https://public.example.com/${'a'.repeat(2000)}`)).toBe(
      'The URL is longer than 2,000 characters.',
    );
  });

  it('allows a public https URL whose every address is public', async () => {
    expect(await sender().checkUrl('https://public.example.com/hooks/svc?key=1')).toBeNull();
    expect(await sender().checkUrl('https://93.184.215.14:8443/hook')).toBeNull();
    expect(await sender().checkUrl(`https://public.example.com/${'a'.repeat(1900)}`)).toBeNull();
  });

  it('allows an address listed in allowAddresses', async () => {
    expect(
      await sender({ allowAddresses: ['127.0.0.1'] }).checkUrl('https://hooks.example.com/hook'),
    ).toBeNull();
  });

  it('with allowPrivate, allows http, loopback and local names, but still needs a URL that resolves', async () => {
    const unsafe = sender({ allowPrivate: true });
    expect(await unsafe.checkUrl(`http://127.0.0.1:${http.port}/hook`)).toBeNull();
    expect(await unsafe.checkUrl('https://internal.example.net/hook')).toBeNull();
    expect(await unsafe.checkUrl('http://localhost:3000/hook')).toBeNull();
    expect(await unsafe.checkUrl('ftp://127.0.0.1/')).toBe('The URL must use https or http.');
    expect(await unsafe.checkUrl('https://nowhere.example.com/')).toBe(
      'nowhere.example.com could not be resolved.',
    );
  });

  it('gives up on a lookup that never answers', async () => {
    const silent = sender({ timeoutMs: 200, lookup: () => {} });
    expect(await silent.checkUrl('https://public.example.com/hook')).toBe(
      'public.example.com could not be resolved.',
    );
  });
});
