import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchedFile } from '@svc/core';
import { createDiskBlobStore } from '@svc/media';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcherOptions } from '../src/index.js';
import {
  type LoopbackServer,
  makeCertificate,
  startServer,
  type TestCertificate,
} from './loopback-server.js';
import { forbidOutsideConnections } from './no-outside-connections.js';

// Names the tests' fake DNS knows. Real DNS is never asked (except for `localhost`, from /etc/hosts).
const DNS: Record<string, string[]> = {
  'cdn.example.com': ['127.0.0.1'],
  'media.example.org': ['127.0.0.1'],
  'internal.example.net': ['127.0.0.2'],
  'mixed.example.com': ['127.0.0.1', '127.0.0.2'],
  'v6.example.com': ['::1'],
  'mapped.example.com': ['::ffff:127.0.0.2'],
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

const FILE = randomBytes(256 * 1024);
// The media package's committed test files; a real PNG shows the first bytes are sniffed.
const FIXTURES = join(import.meta.dirname, '../../media/test/fixtures');
const PNG_FILE = Buffer.concat([readFileSync(join(FIXTURES, 'image.png')), randomBytes(4 * 1024 * 1024)]);
const MAX = 50 * 1024 * 1024;

let certificate: TestCertificate;
let https: LoopbackServer;
let http: LoopbackServer;
let restoreConnect: () => void;

beforeAll(async () => {
  restoreConnect = forbidOutsideConnections();
  certificate = await makeCertificate([
    'cdn.example.com',
    'media.example.org',
    'internal.example.net',
    'localhost',
  ]);
  const at = (host: string, path: string) => `https://${host}:${https.port}${path}`;
  https = await startServer(
    {
      '/file.bin': (_req, res) =>
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(FILE.length) }).end(FILE),
      '/chunked.bin': (_req, res) => {
        res.writeHead(200);
        for (let i = 0; i < 8; i++) res.write(FILE.subarray(i * 32768, (i + 1) * 32768));
        res.end();
      },
      '/announced-huge.bin': (_req, res) => {
        res.writeHead(200, { 'content-length': String(MAX + 1) });
        res.write(FILE.subarray(0, 1000));
      },
      '/missing.jpg': (_req, res) => res.writeHead(404).end('no'),
      '/broken.bin': (_req, res) => {
        res.writeHead(200, { 'content-length': String(FILE.length) });
        res.write(FILE.subarray(0, 64 * 1024), () => res.socket?.destroy());
      },
      '/stalls-midway.bin': (_req, res) => {
        res.writeHead(200, { 'content-length': String(FILE.length) });
        res.write(FILE.subarray(0, 1000));
      },
      '/never-answers': () => {},
      // A PNG followed by 4 MB, served with byte ranges.
      '/photo.png': (req, res) => {
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (range === null) return res.writeHead(200).end(PNG_FILE);
        const part = PNG_FILE.subarray(Number(range[1]), Number(range[2]) + 1);
        res.writeHead(206, { 'content-range': `bytes ${range[1]}-${range[2]}/${PNG_FILE.length}` }).end(part);
      },
      // Ignores the range and never finishes: only a reader that stops early comes back.
      '/photo-whole.png': (_req, res) => {
        res.writeHead(200);
        res.write(PNG_FILE.subarray(0, 8192));
      },
      '/headers': (req, res) => res.writeHead(200).end(JSON.stringify(req.headers)),
      '/to-private': (_req, res) =>
        res.writeHead(302, { location: at('internal.example.net', '/file.bin') }).end(),
      '/to-loopback-literal': (_req, res) =>
        res.writeHead(302, { location: `https://[::1]:${https.port}/file.bin` }).end(),
      '/to-metadata': (_req, res) =>
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-http': (_req, res) =>
        res.writeHead(301, { location: `http://cdn.example.com:${http.port}/file.bin` }).end(),
      '/to-other-host': (_req, res) =>
        res
          .writeHead(302, {
            location: at('media.example.org', '/headers'),
            'set-cookie': 'session=secret; Path=/',
          })
          .end(),
      '/hops/*': (req, res) => {
        const left = Number(req.url?.split('/')[2]);
        res.writeHead(302, { location: left > 0 ? `/hops/${left - 1}` : '/file.bin' }).end();
      },
    },
    certificate,
  );
  http = await startServer({ '/file.bin': (_req, res) => res.writeHead(200).end(FILE) });
});

afterAll(async () => {
  await https?.close();
  await http?.close();
  restoreConnect?.();
});

/** A fetcher with the checks ON that trusts the test certificate, resolves through the fake DNS and lets 127.0.0.1 (only) through. */
function fetcher(overrides: Partial<SafeFetcherOptions> = {}) {
  return createSafeFetcher({
    allowPrivate: false,
    lookup: fakeDns,
    allowAddresses: ['127.0.0.1'],
    https: { certificateAuthority: certificate.cert },
    ...overrides,
  });
}

const url = (path: string, host = 'cdn.example.com') => `https://${host}:${https.port}${path}`;

async function drain(file: FetchedFile): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of file.body) parts.push(part);
  return Buffer.concat(parts);
}

async function fetchOk(link: string, options: Partial<SafeFetcherOptions> = {}) {
  const result = await fetcher(options).fetch(link, { maxBytes: MAX });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.file;
}

describe('safe fetcher: downloads', () => {
  it('streams a file whose bytes equal the source, with the announced size', async () => {
    const file = await fetchOk(url('/file.bin'));
    expect(file.announcedBytes).toBe(FILE.length);
    expect(file.finalUrl).toBe(url('/file.bin'));
    expect((await drain(file)).equals(FILE)).toBe(true);
  });

  it('streams a chunked file with no announced size', async () => {
    const file = await fetchOk(url('/chunked.bin'));
    expect(file.announcedBytes).toBeNull();
    expect((await drain(file)).equals(FILE)).toBe(true);
  });

  it('follows up to maxRedirects redirects and reports the final link', async () => {
    const file = await fetchOk(url('/hops/2'), { maxRedirects: 3 });
    expect(file.finalUrl).toBe(url('/file.bin'));
    expect((await drain(file)).equals(FILE)).toBe(true);
  });

  it('sends a descriptive User-Agent and no credentials or cookies, even across redirects', async () => {
    const file = await fetchOk(url('/to-other-host').replace('https://', 'https://alice:hunter2@'));
    const headers = JSON.parse((await drain(file)).toString('utf8'));
    expect(headers['user-agent']).toMatch(/^svc-media-fetcher\/.+media links/);
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers['accept-encoding']).toBeUndefined();
    const first = https.requests.find((r) => r.path === '/to-other-host');
    expect(first?.headers.authorization).toBeUndefined();
  });

  it('feeds a disk blob store, which keeps the bytes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-fetch-'));
    try {
      const store = createDiskBlobStore({ dir });
      const file = await fetchOk(url('/file.bin'));
      const put = await store.put(file.body, { maxBytes: MAX });
      expect(put).toMatchObject({ ok: true, blob: { sizeBytes: FILE.length } });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with allowPrivate, fetches plain http from loopback by its literal address', async () => {
    const result = await createSafeFetcher({ allowPrivate: true }).fetch(
      `http://127.0.0.1:${http.port}/file.bin`,
      {
        maxBytes: MAX,
      },
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect((await drain(result.file)).equals(FILE)).toBe(true);
  });
});

describe('safe fetcher: address checks (allowPrivate false)', () => {
  it('blocks a public-looking name that resolves to loopback, naming the address; the server sees nothing', async () => {
    const before = https.requests.length;
    const result = await fetcher({ allowAddresses: [] }).fetch(url('/file.bin'), { maxBytes: MAX });
    expect(result).toEqual({
      ok: false,
      refusal: { kind: 'blocked_address', detail: 'cdn.example.com resolves to 127.0.0.1 (loopback)' },
    });
    expect(https.requests.length).toBe(before);
  });

  it.each([
    ['internal.example.net', '127.0.0.2 (loopback)'],
    ['mixed.example.com', '127.0.0.2 (loopback)'],
    ['v6.example.com', '::1 (loopback)'],
    ['mapped.example.com', '::ffff:127.0.0.2 (loopback)'],
  ])('blocks %s, which resolves (in part) to %s', async (host, why) => {
    const result = await fetcher().fetch(url('/file.bin', host), { maxBytes: MAX });
    expect(result).toEqual({
      ok: false,
      refusal: { kind: 'blocked_address', detail: `${host} resolves to ${why}` },
    });
  });

  it('blocks localhost through the real resolver', async () => {
    const realDns = createSafeFetcher({
      allowPrivate: false,
      https: { certificateAuthority: certificate.cert },
    });
    const result = await realDns.fetch(`https://localhost:${https.port}/file.bin`, { maxBytes: MAX });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.refusal).toMatchObject({ kind: 'blocked_address' });
    if (!result.ok && result.refusal.kind === 'blocked_address') {
      expect(result.refusal.detail).toMatch(/^localhost resolves to (127\.0\.0\.1|::1) \(loopback\)$/);
    }
  });

  it.each([
    ['https://127.0.0.1/', '127.0.0.1 is not a public address (loopback)'],
    ['https://[::1]/', '::1 is not a public address (loopback)'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is not a public address (loopback)'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address (linkLocal)'],
    ['https://10.0.0.1/', '10.0.0.1 is not a public address (private)'],
    ['https://172.16.5.4/', '172.16.5.4 is not a public address (private)'],
    ['https://192.168.0.1/', '192.168.0.1 is not a public address (private)'],
    ['https://100.64.0.1/', '100.64.0.1 is not a public address (carrierGradeNat)'],
    ['https://0.0.0.0/', '0.0.0.0 is not a public address (unspecified)'],
    ['https://[::]/', ':: is not a public address (unspecified)'],
    ['https://224.0.0.1/', '224.0.0.1 is not a public address (multicast)'],
    ['https://255.255.255.255/', '255.255.255.255 is not a public address (broadcast)'],
    ['https://[fe80::1]/', 'fe80::1 is not a public address (linkLocal)'],
    ['https://[fd00::1]/', 'fd00::1 is not a public address (uniqueLocal)'],
    ['https://[2002:7f00:1::]/', '2002:7f00:1:: is not a public address (6to4)'],
    ['https://2130706433/', '127.0.0.1 is not a public address (loopback)'],
    ['https://0x7f.1/', '127.0.0.1 is not a public address (loopback)'],
  ])('blocks the literal %s', async (link, detail) => {
    const result = await fetcher({ allowAddresses: [] }).fetch(link, { maxBytes: MAX });
    expect(result).toEqual({ ok: false, refusal: { kind: 'blocked_address', detail } });
  });

  it('blocks a redirect from an allowed host to a name resolving to a private address', async () => {
    const result = await fetcher().fetch(url('/to-private'), { maxBytes: MAX });
    expect(result).toEqual({
      ok: false,
      refusal: { kind: 'blocked_address', detail: 'internal.example.net resolves to 127.0.0.2 (loopback)' },
    });
    expect(https.requests.filter((r) => r.headers.host?.startsWith('internal.example.net'))).toEqual([]);
  });

  it('blocks a redirect to a loopback literal, and to the cloud metadata address', async () => {
    expect(await fetcher().fetch(url('/to-loopback-literal'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'blocked_address', detail: '::1 is not a public address (loopback)' },
    });
    const metadata = await fetcher({ allowPrivate: false }).fetch(url('/to-metadata'), { maxBytes: MAX });
    // http is refused first; with either check the hop never happens.
    expect(metadata).toEqual({
      ok: false,
      refusal: { kind: 'not_https', url: 'http://169.254.169.254/latest/meta-data/' },
    });
  });

  it('checks the address again on every connection (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: LookupFunction = (_host, _options, callback) => {
      calls++;
      callback(null, [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
    };
    const result = await fetcher({ lookup: rebinding }).fetch(url('/hops/0'), { maxBytes: MAX });
    expect(calls).toBe(2);
    expect(result).toEqual({
      ok: false,
      refusal: { kind: 'blocked_address', detail: 'cdn.example.com resolves to 127.0.0.2 (loopback)' },
    });
  });
});

describe('safe fetcher: refusals', () => {
  it('refuses http links', async () => {
    const link = `http://cdn.example.com:${http.port}/file.bin`;
    expect(await fetcher().fetch(link, { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'not_https', url: link },
    });
  });

  it.each([['ftp://cdn.example.com/x.jpg'], ['file:///etc/passwd'], ['not a link']])(
    'refuses %s',
    async (link) => {
      const result = await fetcher().fetch(link, { maxBytes: MAX });
      expect(result).toMatchObject({ ok: false, refusal: { kind: 'not_https' } });
    },
  );

  it('refuses a redirect to http', async () => {
    expect(await fetcher().fetch(url('/to-http'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'not_https', url: `http://cdn.example.com:${http.port}/file.bin` },
    });
  });

  it('refuses more redirects than the limit', async () => {
    expect(await fetcher({ maxRedirects: 3 }).fetch(url('/hops/3'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'too_many_redirects', limit: 3 },
    });
    expect(await fetcher().fetch(url('/hops/100'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'too_many_redirects', limit: 5 },
    });
  });

  it('reports a non-2xx status', async () => {
    expect(await fetcher().fetch(url('/missing.jpg'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'http_status', status: 404 },
    });
  });

  it('refuses an announced size over the limit before reading the body', async () => {
    expect(await fetcher().fetch(url('/announced-huge.bin'), { maxBytes: MAX })).toEqual({
      ok: false,
      refusal: { kind: 'too_large', maxBytes: MAX },
    });
    expect(await fetcher().fetch(url('/file.bin'), { maxBytes: FILE.length - 1 })).toEqual({
      ok: false,
      refusal: { kind: 'too_large', maxBytes: FILE.length - 1 },
    });
  });

  it('reports unreachable for unknown names, closed ports and untrusted certificates', async () => {
    const unknown = await fetcher().fetch(url('/file.bin', 'nowhere.example.com'), { maxBytes: MAX });
    expect(unknown).toMatchObject({
      ok: false,
      refusal: { kind: 'unreachable', detail: expect.stringMatching(/ENOTFOUND/) },
    });
    const closed = await startServer({});
    const port = closed.port;
    await closed.close();
    const refused = await fetcher().fetch(`https://cdn.example.com:${port}/`, { maxBytes: MAX });
    expect(refused).toMatchObject({
      ok: false,
      refusal: { kind: 'unreachable', detail: expect.stringMatching(/ECONNREFUSED/) },
    });
    const untrusted = await fetcher({ https: {} }).fetch(url('/file.bin'), { maxBytes: MAX });
    expect(untrusted).toMatchObject({ ok: false, refusal: { kind: 'unreachable' } });
  });

  it('times out a server that never answers', async () => {
    const started = Date.now();
    const result = await fetcher({ timeouts: { responseMs: 300 } }).fetch(url('/never-answers'), {
      maxBytes: MAX,
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: { kind: 'unreachable', detail: expect.stringMatching(/ETIMEDOUT/) },
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('safe fetcher: failures while streaming', () => {
  let dir: string;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('throws from the body when the connection breaks midway; the store keeps nothing', async () => {
    const file = await fetchOk(url('/broken.bin'));
    await expect(drain(file)).rejects.toThrow();
    dir = await mkdtemp(join(tmpdir(), 'svc-fetch-'));
    const store = createDiskBlobStore({ dir });
    const put = await store.put((await fetchOk(url('/broken.bin'))).body, { maxBytes: MAX });
    expect(put).toMatchObject({ ok: false, error: { kind: 'source_failed' } });
    expect((await readdir(dir, { recursive: true })).filter((f) => f.includes('.part'))).toEqual([]);
  });

  it('throws from the body when the server goes silent midway (idle timeout)', async () => {
    const file = await fetchOk(url('/stalls-midway.bin'), { timeouts: { idleMs: 300 } });
    await expect(drain(file)).rejects.toThrow(/timeout|timed out/i);
  });

  it('stops downloading when the store hits its limit on an unannounced size', async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-fetch-'));
    const store = createDiskBlobStore({ dir });
    const file = await fetchOk(url('/chunked.bin'));
    const put = await store.put(file.body, { maxBytes: 100_000 });
    expect(put).toEqual({ ok: false, error: { kind: 'too_large', maxBytes: 100_000 } });
  });

  it('does not crash when the body fails before anyone reads it', async () => {
    const file = await fetchOk(url('/broken.bin'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(drain(file)).rejects.toThrow();
  });
});

describe('safe fetcher: sniffing a link', () => {
  it('asks for the first bytes only and tells the type from them', async () => {
    const before = https.requests.length;
    expect(await fetcher().sniff(url('/photo.png'))).toEqual({ ok: true, contentType: 'image/png' });
    expect(https.requests.slice(before)).toEqual([
      { path: '/photo.png', headers: expect.objectContaining({ range: 'bytes=0-4099' }) },
    ]);
  });

  it('reads only the first bytes from a server that ignores the range, and drops the rest', async () => {
    const started = Date.now();
    expect(await fetcher().sniff(url('/photo-whole.png'))).toEqual({ ok: true, contentType: 'image/png' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers a null type for bytes without a magic number', async () => {
    expect(await fetcher().sniff(url('/headers'))).toEqual({ ok: true, contentType: null });
  });

  it('refuses what a download refuses: private addresses, http links, error statuses', async () => {
    expect(await fetcher().sniff(url('/photo.png', 'internal.example.net'))).toMatchObject({
      ok: false,
      refusal: { kind: 'blocked_address' },
    });
    expect(await fetcher().sniff(`http://cdn.example.com:${http.port}/file.bin`)).toMatchObject({
      ok: false,
      refusal: { kind: 'not_https' },
    });
    expect(await fetcher().sniff(url('/missing.jpg'))).toEqual({
      ok: false,
      refusal: { kind: 'http_status', status: 404 },
    });
  });
});
