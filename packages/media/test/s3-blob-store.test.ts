import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { BlobStore } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createS3BlobStore, type DerivedBlobFiles, type S3BlobStore } from '../src/index.js';
import { bytes, chunksOf, collect, describeBlobStoreContract, sha256 } from './blob-store-contract.js';
import { MOTO_CREDENTIALS, MOTO_REGION, startMotoServer, useMotoServer } from './moto-server.js';

// The S3 store against a real S3-compatible server (moto) on loopback: the shared contract, then
// what only this store has: object names, the local file cache and presigned links.
const moto = useMotoServer();
const made: { dir: string; store: S3BlobStore }[] = [];
afterEach(async () => {
  for (const { dir, store } of made.splice(0)) {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function s3Store(
  bucket: string,
  cacheMaxBytes = 1_000_000_000,
  prefix = 'media',
  endpoint = moto().endpoint,
) {
  const dir = await mkdtemp(join(tmpdir(), 'svc-s3-cache-'));
  const store = createS3BlobStore({
    bucket,
    prefix,
    connection: {
      region: MOTO_REGION,
      endpoint,
      forcePathStyle: true,
      credentials: MOTO_CREDENTIALS,
    },
    cache: { dir, maxBytes: cacheMaxBytes },
  });
  made.push({ dir, store });
  return { dir, store };
}

/** Files below a folder, relative to it. */
async function filesIn(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function residueOf(bucket: string, cacheDirs: string[]): Promise<string[]> {
  const objects = await moto().objectKeys(bucket);
  const uploads = (await moto().unfinishedUploads(bucket)).map((key) => `unfinished upload ${key}`);
  const temps = (await Promise.all(cacheDirs.map((dir) => filesIn(join(dir, 'tmp'))))).flat();
  return [...objects, ...uploads, ...temps.map((name) => `temp ${name}`)];
}

describeBlobStoreContract(
  's3',
  async () => {
    const bucket = await moto().createBucket();
    const { dir, store } = await s3Store(bucket);
    return { store, residue: () => residueOf(bucket, [dir]) };
  },
  { timeResolutionMs: 1000 },
);

// Another process (another API server) sees the bucket but not this one's cache: its reads are
// S3 GETs, ranged when asked.
describeBlobStoreContract(
  's3, read by another process',
  async () => {
    const bucket = await moto().createBucket();
    const writer = await s3Store(bucket);
    const reader = await s3Store(bucket);
    const store: BlobStore & DerivedBlobFiles = {
      put: (source, options) => writer.store.put(source, options),
      read: (key, range) => reader.store.read(key, range),
      size: (key) => reader.store.size(key),
      stat: (key) => reader.store.stat(key),
      delete: (key) => reader.store.delete(key),
      list: () => reader.store.list(),
      putDerived: (key, name, bytes) => writer.store.putDerived(key, name, bytes),
      readDerived: (key, name) => reader.store.readDerived(key, name),
    };
    return { store, residue: () => residueOf(bucket, [writer.dir, reader.dir]) };
  },
  { timeResolutionMs: 1000 },
);

describe('s3 blob store', () => {
  it('is tested against moto, and says so plainly when moto is missing', async () => {
    await expect(startMotoServer('moto_server-not-installed')).rejects.toThrow(
      /moto_server is not installed: the S3 tests need the Python package moto/,
    );
  });

  it("probes the bucket: resolves when it can be listed, rejects with S3's code when it is missing", async () => {
    const { store } = await s3Store(await moto().createBucket());
    await expect(store.probe()).resolves.toBeUndefined();
    const { store: missing } = await s3Store('svc-test-no-such-bucket');
    await expect(missing.probe()).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('names objects prefix/ab/cd/<sha256> and lists only those', async () => {
    const bucket = await moto().createBucket();
    const { store } = await s3Store(bucket, 1_000_000, 'tenant/media/');
    const data = bytes(1000);
    const key = sha256(data);
    expect((await store.put(chunksOf(data), { maxBytes: 10_000 })).ok).toBe(true);
    for (const stray of ['tenant/media/README', `tenant/media/ff/ff/${key}`, `elsewhere/${key}`]) {
      await moto().client.send(new PutObjectCommand({ Bucket: bucket, Key: stray, Body: 'x' }));
    }
    expect(await moto().objectKeys(bucket, 'tenant/media/')).toContain(
      `tenant/media/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
    );
    const listed = [];
    for await (const blob of store.list()) listed.push(blob.key);
    expect(listed).toEqual([key]);
  });

  it('throws when the bucket refuses the upload, leaving no temp file', async () => {
    const { dir, store } = await s3Store('svc-no-such-bucket');
    await expect(store.put(chunksOf(bytes(1000)), { maxBytes: 10_000 })).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    expect(await filesIn(dir)).toEqual([]);
  });

  it('aborts a multipart upload whose second part is refused, leaving no parts, object or temp file', async () => {
    const bucket = await moto().createBucket();
    // A real HTTP proxy in front of moto that refuses every upload of part 2, as a failing S3
    // would; everything else passes through.
    const refused: string[] = [];
    const upstream = new URL(moto().endpoint);
    const proxy = createServer((req, res) => {
      if (req.method === 'PUT' && /[?&]partNumber=2(&|$)/.test(req.url ?? '')) {
        refused.push(req.url ?? '');
        req.resume();
        req.on('end', () =>
          res
            .writeHead(400, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0"?><Error><Code>InvalidRequest</Code><Message>part refused</Message></Error>',
            ),
        );
        return;
      }
      const { expect: _, ...headers } = req.headers;
      const forward = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const via = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const { dir, store } = await s3Store(bucket, 1_000_000_000, 'media', via);
      const data = bytes(12 * 1024 * 1024, 11);
      await expect(store.put(chunksOf(data, 65_536), { maxBytes: 50_000_000 })).rejects.toThrow(
        /part refused/,
      );
      expect(refused.length).toBeGreaterThan(0);
      expect(await moto().unfinishedUploads(bucket)).toEqual([]);
      expect(await moto().objectKeys(bucket)).toEqual([]);
      expect(await filesIn(dir)).toEqual([]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('lends the file it cached on put, and downloads a blob another process put', async () => {
    const bucket = await moto().createBucket();
    const writer = await s3Store(bucket);
    const reader = await s3Store(bucket);
    const data = bytes(50_000, 9);
    const key = sha256(data);
    await writer.store.put(chunksOf(data), { maxBytes: 100_000 });
    const cached = join(key.slice(0, 2), key.slice(2, 4), key);
    expect(await filesIn(writer.dir)).toEqual([cached]);
    expect(await filesIn(reader.dir)).toEqual([]);
    for (const { store } of [writer, reader]) {
      expect(await store.withLocalFile(key, async (path) => sha256(await readFile(path)))).toBe(key);
    }
    expect(await filesIn(reader.dir)).toEqual([cached]);
    await expect(reader.store.withLocalFile('b'.repeat(64), async () => 'used')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('downloads a blob once for concurrent readers', async () => {
    const bucket = await moto().createBucket();
    const writer = await s3Store(bucket);
    const reader = await s3Store(bucket);
    const data = bytes(3_000_000, 4);
    await writer.store.put(chunksOf(data, 65_536), { maxBytes: 10_000_000 });
    const seen = await Promise.all(
      Array.from({ length: 8 }, () =>
        reader.store.withLocalFile(sha256(data), async (path) => sha256(await readFile(path))),
      ),
    );
    expect(new Set(seen)).toEqual(new Set([sha256(data)]));
    expect(await filesIn(reader.dir)).toHaveLength(1);
  });

  it('keeps the cache under its size, least recently used out, without pulling a file from under a reader', async () => {
    const bucket = await moto().createBucket();
    const { dir, store } = await s3Store(bucket, 250_000);
    const [a, b, c] = [bytes(100_000, 1), bytes(100_000, 2), bytes(100_000, 3)];
    await store.put(chunksOf(a), { maxBytes: 1_000_000 });
    const whileLent = await store.withLocalFile(sha256(a), async (path) => {
      // Two more puts push `a` out of the cache while its file is in use.
      await store.put(chunksOf(b), { maxBytes: 1_000_000 });
      await store.put(chunksOf(c), { maxBytes: 1_000_000 });
      return sha256(await readFile(path));
    });
    expect(whileLent).toBe(sha256(a));
    const cached = (await filesIn(dir)).map((path) => path.slice(-64)).sort();
    expect(cached).toEqual([sha256(b), sha256(c)].sort());
    // Evicted from the cache is not gone: it is downloaded again.
    expect(await store.withLocalFile(sha256(a), async (path) => sha256(await readFile(path)))).toBe(
      sha256(a),
    );
    expect(await filesIn(join(dir, 'tmp'))).toEqual([]);
  });

  it('indexes what an earlier run left in the cache, and evicts from it', async () => {
    const bucket = await moto().createBucket();
    const first = await s3Store(bucket);
    for (const seed of [1, 2, 3]) await first.store.put(chunksOf(bytes(100_000, seed)), { maxBytes: 1e6 });
    const again = createS3BlobStore({
      bucket,
      prefix: 'media',
      connection: {
        region: MOTO_REGION,
        endpoint: moto().endpoint,
        forcePathStyle: true,
        credentials: MOTO_CREDENTIALS,
      },
      cache: { dir: first.dir, maxBytes: 250_000 },
    });
    try {
      await again.put(chunksOf(bytes(100_000, 4)), { maxBytes: 1e6 });
      const cached = (await filesIn(first.dir)).map((path) => path.slice(-64));
      expect(cached).toHaveLength(2);
      expect(cached).toContain(sha256(bytes(100_000, 4)));
    } finally {
      again.close();
    }
  });

  it('refuses an object whose bytes are not the ones its name promises', async () => {
    const bucket = await moto().createBucket();
    const { store } = await s3Store(bucket);
    const key = sha256(bytes(10));
    await moto().client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `media/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
        Body: 'forged',
      }),
    );
    await expect(store.withLocalFile(key, async () => 'used')).rejects.toThrow(/holds other bytes/);
  });

  it('signs a short-lived GET of a blob, answered without credentials', async () => {
    const bucket = await moto().createBucket();
    const { store } = await s3Store(bucket);
    const data = bytes(2000, 6);
    await store.put(chunksOf(data), { maxBytes: 10_000 });
    const url = await store.presignedUrl(sha256(data), { contentType: 'image/png', expiresInSeconds: 60 });
    expect(url).toContain('X-Amz-Expires=60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(data));
  });

  it('reads ranges straight from the bucket when there is no local copy', async () => {
    const bucket = await moto().createBucket();
    const writer = await s3Store(bucket);
    const reader = await s3Store(bucket);
    const data = bytes(1_000_000, 8);
    await writer.store.put(chunksOf(data, 65_536), { maxBytes: 10_000_000 });
    expect(await collect(reader.store.read(sha256(data), { start: 500_000, end: 500_099 }))).toEqual(
      Buffer.from(data.subarray(500_000, 500_100)),
    );
    expect(await filesIn(reader.dir)).toEqual([]);
  });
});
