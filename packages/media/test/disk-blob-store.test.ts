import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore, type DiskBlobStore, InvalidBlobKeyError } from '../src/index.js';

let dir: string;
let store: DiskBlobStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-blobs-'));
  store = createDiskBlobStore({ dir });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function* chunksOf(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** Every file under the store's folder, relative to it. */
async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name)));
}

const bytes = (length: number, seed = 1) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

describe('disk blob store', () => {
  it('stores bytes under their SHA-256 in two levels of folders and reads them back', async () => {
    const data = bytes(10_000);
    const result = await store.put(chunksOf(data), { maxBytes: 1_000_000 });
    expect(result).toEqual({ ok: true, blob: { key: sha256(data), sizeBytes: 10_000 } });
    const key = sha256(data);
    expect(await filesIn(dir)).toEqual([join(key.slice(0, 2), key.slice(2, 4), key)]);
    expect(store.pathOf(key)).toBe(join(dir, key.slice(0, 2), key.slice(2, 4), key));
    expect(await collect(store.read(key))).toEqual(Buffer.from(data));
    expect(await store.size(key)).toBe(10_000);
  });

  it('stores identical bytes once and gives them the same key', async () => {
    const data = bytes(5000);
    const first = await store.put(chunksOf(data, 700), { maxBytes: 5000 });
    const second = await store.put(chunksOf(data, 1300), { maxBytes: 5000 });
    expect(first).toEqual(second);
    expect(await filesIn(dir)).toHaveLength(1);
  });

  it('stores an empty file', async () => {
    const result = await store.put(chunksOf(new Uint8Array(0)), { maxBytes: 10 });
    expect(result).toEqual({ ok: true, blob: { key: sha256(new Uint8Array(0)), sizeBytes: 0 } });
  });

  it('accepts exactly maxBytes', async () => {
    const result = await store.put(chunksOf(bytes(4096)), { maxBytes: 4096 });
    expect(result.ok).toBe(true);
  });

  it('refuses maxBytes + 1, stops reading at that chunk and leaves nothing behind', async () => {
    let pulled = 0;
    let closed = false;
    async function* source() {
      try {
        for (let i = 0; i < 100; i++) {
          pulled++;
          yield bytes(1024, i);
        }
      } finally {
        closed = true;
      }
    }
    const result = await store.put(source(), { maxBytes: 4096 * 2 });
    expect(result).toEqual({ ok: false, error: { kind: 'too_large', maxBytes: 8192 } });
    expect(pulled).toBe(9);
    expect(closed).toBe(true);
    expect(await filesIn(dir)).toEqual([]);
  });

  it('refuses a single chunk one byte over the limit', async () => {
    const result = await store.put(chunksOf(bytes(4097), 10_000), { maxBytes: 4096 });
    expect(result.ok).toBe(false);
    expect(await filesIn(dir)).toEqual([]);
  });

  it('reports source_failed and leaves nothing when the source throws midway', async () => {
    async function* broken() {
      yield bytes(100_000);
      yield bytes(100_000, 2);
      throw new Error('client disconnected');
    }
    const result = await store.put(broken(), { maxBytes: 1_000_000 });
    expect(result).toEqual({ ok: false, error: { kind: 'source_failed', detail: 'client disconnected' } });
    expect(await filesIn(dir)).toEqual([]);
  });

  it('keeps the stored blob when a later put of the same bytes fails', async () => {
    const data = bytes(3000);
    await store.put(chunksOf(data), { maxBytes: 10_000 });
    async function* sameThenBroken() {
      yield data.subarray(0, 1000);
      throw new Error('gone');
    }
    expect((await store.put(sameThenBroken(), { maxBytes: 10_000 })).ok).toBe(false);
    expect(await collect(store.read(sha256(data)))).toEqual(Buffer.from(data));
    expect(await filesIn(dir)).toHaveLength(1);
  });

  it('lets concurrent puts of the same bytes both succeed with one file', async () => {
    const data = bytes(300_000);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.put(chunksOf(data, 1000 + i * 97), { maxBytes: 1_000_000 })),
    );
    for (const result of results)
      expect(result).toEqual({ ok: true, blob: { key: sha256(data), sizeBytes: 300_000 } });
    expect(await filesIn(dir)).toHaveLength(1);
    expect(sha256(await readFile(store.pathOf(sha256(data))))).toBe(sha256(data));
  });

  it('throws (not source_failed) when storage itself fails, removing the temp file', async () => {
    const data = bytes(500);
    // A file where the blob's folder should be makes creating that folder fail.
    await writeFile(join(dir, sha256(data).slice(0, 2)), 'in the way');
    await expect(store.put(chunksOf(data), { maxBytes: 1000 })).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(await filesIn(dir)).toEqual([sha256(data).slice(0, 2)]);
  });

  it('reads an inclusive byte range', async () => {
    const data = bytes(200_000);
    const { key } = await putOk(data);
    expect(await collect(store.read(key, { start: 0, end: 0 }))).toEqual(Buffer.from(data.subarray(0, 1)));
    expect(await collect(store.read(key, { start: 1000, end: 150_999 }))).toEqual(
      Buffer.from(data.subarray(1000, 151_000)),
    );
    expect(await collect(store.read(key, { start: 199_990, end: 199_999 }))).toEqual(
      Buffer.from(data.subarray(199_990)),
    );
  });

  it('rejects a backwards or negative range', async () => {
    const { key } = await putOk(bytes(100));
    await expect(collect(store.read(key, { start: 10, end: 9 }))).rejects.toThrow(RangeError);
    await expect(collect(store.read(key, { start: -1, end: 9 }))).rejects.toThrow(RangeError);
  });

  it('rejects reading an absent blob; size is null; delete is a no-op', async () => {
    const absent = 'a'.repeat(64);
    await expect(collect(store.read(absent))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.size(absent)).toBeNull();
    await expect(store.delete(absent)).resolves.toBeUndefined();
  });

  it('deletes a blob', async () => {
    const { key } = await putOk(bytes(100));
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
    expect(await filesIn(dir)).toEqual([]);
  });

  it.each([
    ['../../../etc/passwd'],
    ['A'.repeat(64)],
    ['a'.repeat(63)],
    ['a'.repeat(65)],
    [`${'a'.repeat(62)}/.`],
    [`${'a'.repeat(63)}\n`],
    [''],
  ])('refuses the key %j everywhere', async (key) => {
    expect(() => store.pathOf(key)).toThrow(InvalidBlobKeyError);
    await expect(collect(store.read(key))).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.size(key)).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
  });
});

async function putOk(data: Uint8Array) {
  const result = await store.put(chunksOf(data), { maxBytes: 10_000_000 });
  if (!result.ok) throw new Error(`put failed: ${result.error.kind}`);
  return result.blob;
}
