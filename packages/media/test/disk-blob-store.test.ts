import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskBlobStore, type DiskBlobStore, InvalidBlobKeyError } from '../src/index.js';
import { bytes, chunksOf, collect, describeBlobStoreContract, sha256 } from './blob-store-contract.js';

let dir: string;
let store: DiskBlobStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-blobs-'));
  store = createDiskBlobStore({ dir });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every file under the store's folder, relative to it. */
async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(folder, join(e.parentPath, e.name)));
}

describeBlobStoreContract(
  'disk',
  async () => ({ store, residue: () => filesIn(dir).then((files) => files.sort()) }),
  // Linux stamps a file with its coarse clock, which trails Date.now() by up to one tick
  // (10 ms at the slowest kernel HZ), and Node rounds that time to the nearest millisecond.
  { timeResolutionMs: 10 },
);

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

  it('throws (not source_failed) when storage itself fails, removing the temp file', async () => {
    const data = bytes(500);
    // A file where the blob's folder should be makes creating that folder fail.
    await writeFile(join(dir, sha256(data).slice(0, 2)), 'in the way');
    await expect(store.put(chunksOf(data), { maxBytes: 1000 })).rejects.toMatchObject({ code: 'ENOTDIR' });
    expect(await filesIn(dir)).toEqual([sha256(data).slice(0, 2)]);
  });

  it('lists every blob with its size and time, and nothing else in its folder', async () => {
    expect(await listed()).toEqual([]);
    const a = await putOk(bytes(100, 1));
    const b = await putOk(bytes(200, 2));
    // A temp file, a stray file and a misplaced blob are not blobs of the store.
    await writeFile(join(dir, 'tmp', 'x.part'), 'partial');
    await writeFile(join(dir, 'README'), 'stray');
    await writeFile(join(dir, a.key.slice(0, 2), a.key.slice(2, 4), 'f'.repeat(64)), 'misplaced');
    const all = await listed();
    expect(all.map(({ key, sizeBytes }) => ({ key, sizeBytes })).sort(byKey)).toEqual([a, b].sort(byKey));
    for (const blob of all) expect(Date.now() - blob.modifiedAt.getTime()).toBeLessThan(60_000);
  });

  it('refreshes the time of a blob whose bytes are put again', async () => {
    const data = bytes(300, 3);
    const { key } = await putOk(data);
    const old = new Date('2020-01-01T00:00:00Z');
    await utimes(store.pathOf(key), old, old);
    expect((await listed())[0]?.modifiedAt).toEqual(old);
    await putOk(data);
    expect((await listed())[0]?.modifiedAt.getTime()).toBeGreaterThan(old.getTime());
  });

  it.each([
    ['../../../etc/passwd'],
    ['A'.repeat(64)],
    ['a'.repeat(63)],
    ['a'.repeat(65)],
    [`${'a'.repeat(62)}/.`],
    [`${'a'.repeat(63)}\n`],
    [''],
  ])('gives no path for the key %j', async (key) => {
    expect(() => store.pathOf(key)).toThrow(InvalidBlobKeyError);
    await expect(store.withLocalFile(key, async () => 'used')).rejects.toThrow(InvalidBlobKeyError);
  });

  it('lends the blob file itself to readers that need a path', async () => {
    const { key } = await putOk(bytes(1000));
    expect(await store.withLocalFile(key, async (path) => path)).toBe(store.pathOf(key));
  });
});

async function listed() {
  const all = [];
  for await (const blob of store.list()) all.push(blob);
  return all;
}

const byKey = (x: { key: string }, y: { key: string }) => x.key.localeCompare(y.key);

async function putOk(data: Uint8Array) {
  const result = await store.put(chunksOf(data), { maxBytes: 10_000_000 });
  if (!result.ok) throw new Error(`put failed: ${result.error.kind}`);
  return result.blob;
}
