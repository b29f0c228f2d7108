import { createHash } from 'node:crypto';
import type { BlobStore } from '@svc/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DerivedBlobFiles, InvalidBlobKeyError } from '../src/index.js';

/** A store to run the contract on, fresh for every test. */
export type BlobStoreUnderTest = {
  readonly store: BlobStore & DerivedBlobFiles;
  /**
   * Everything the store keeps, by name: blob files or objects, temp files, unfinished multipart
   * uploads. A failed put must leave it exactly as it was.
   */
  residue(): Promise<string[]>;
};

/** SHA-256 in hex: the key a store must give these bytes. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Deterministic bytes, different per seed. */
export const bytes = (length: number, seed = 1) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);

/** The bytes as a source of `size`-byte chunks. */
export async function* chunksOf(data: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < data.byteLength; offset += size) yield data.subarray(offset, offset + size);
}

/** Everything a blob read yields, in one buffer. */
export async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * The behaviour every BlobStore adapter shares (disk, S3): content addressing, the size limit,
 * nothing partial left behind, ranged reads, listing and the refresh of re-put bytes, and the
 * files derived from a blob (kept beside it, never listed, removed with it).
 * `timeResolutionMs` is how coarse the store's `modifiedAt` is (S3 keeps whole seconds).
 */
export function describeBlobStoreContract(
  name: string,
  open: () => Promise<BlobStoreUnderTest>,
  { timeResolutionMs }: { readonly timeResolutionMs: number },
): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore & DerivedBlobFiles;
    let residue: () => Promise<string[]>;

    beforeEach(async () => {
      ({ store, residue } = await open());
    });

    async function putOk(data: Uint8Array) {
      const result = await store.put(chunksOf(data), { maxBytes: 100_000_000 });
      if (!result.ok) throw new Error(`put failed: ${result.error.kind}`);
      return result.blob;
    }

    async function listed() {
      const all = [];
      for await (const blob of store.list()) all.push(blob);
      return all.sort((a, b) => a.key.localeCompare(b.key));
    }

    it('stores bytes under their SHA-256 and reads them back', async () => {
      const data = bytes(10_000);
      expect(await store.put(chunksOf(data), { maxBytes: 1_000_000 })).toEqual({
        ok: true,
        blob: { key: sha256(data), sizeBytes: 10_000 },
      });
      expect(await collect(store.read(sha256(data)))).toEqual(Buffer.from(data));
      expect(await store.size(sha256(data))).toBe(10_000);
    });

    it('stores a blob of several megabytes (several parts) intact', async () => {
      const data = bytes(12 * 1024 * 1024 + 17, 5);
      const { key, sizeBytes } = await putOk(data);
      expect({ key, sizeBytes }).toEqual({ key: sha256(data), sizeBytes: data.byteLength });
      expect(sha256(await collect(store.read(key)))).toBe(key);
    });

    it('stores identical bytes once and gives them the same key', async () => {
      const data = bytes(5000);
      const first = await store.put(chunksOf(data, 700), { maxBytes: 5000 });
      const kept = await residue();
      const second = await store.put(chunksOf(data, 1300), { maxBytes: 5000 });
      expect(first).toEqual(second);
      expect(await residue()).toEqual(kept);
    });

    it('stores an empty file', async () => {
      const result = await store.put(chunksOf(new Uint8Array(0)), { maxBytes: 10 });
      expect(result).toEqual({ ok: true, blob: { key: sha256(new Uint8Array(0)), sizeBytes: 0 } });
      expect(await collect(store.read(sha256(new Uint8Array(0))))).toEqual(Buffer.alloc(0));
    });

    it('accepts exactly maxBytes', async () => {
      expect((await store.put(chunksOf(bytes(4096)), { maxBytes: 4096 })).ok).toBe(true);
    });

    it('refuses maxBytes + 1, stops reading at that chunk and leaves nothing behind', async () => {
      const before = await residue();
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
      expect(await residue()).toEqual(before);
    });

    it('refuses a single chunk one byte over the limit', async () => {
      const before = await residue();
      expect((await store.put(chunksOf(bytes(4097), 10_000), { maxBytes: 4096 })).ok).toBe(false);
      expect(await residue()).toEqual(before);
    });

    it('reports source_failed and leaves nothing when the source throws midway', async () => {
      const before = await residue();
      async function* broken() {
        yield bytes(100_000);
        yield bytes(100_000, 2);
        throw new Error('client disconnected');
      }
      expect(await store.put(broken(), { maxBytes: 1_000_000 })).toEqual({
        ok: false,
        error: { kind: 'source_failed', detail: 'client disconnected' },
      });
      expect(await residue()).toEqual(before);
    });

    it('keeps the stored blob when a later put of the same bytes fails', async () => {
      const data = bytes(3000);
      await putOk(data);
      const kept = await residue();
      async function* sameThenBroken() {
        yield data.subarray(0, 1000);
        throw new Error('gone');
      }
      expect((await store.put(sameThenBroken(), { maxBytes: 10_000 })).ok).toBe(false);
      expect(await collect(store.read(sha256(data)))).toEqual(Buffer.from(data));
      expect(await residue()).toEqual(kept);
    });

    it('lets concurrent puts of the same bytes all succeed with one blob', async () => {
      const data = bytes(300_000);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.put(chunksOf(data, 1000 + i * 97), { maxBytes: 1_000_000 }),
        ),
      );
      for (const result of results)
        expect(result).toEqual({ ok: true, blob: { key: sha256(data), sizeBytes: 300_000 } });
      expect((await listed()).map((blob) => blob.key)).toEqual([sha256(data)]);
      expect(sha256(await collect(store.read(sha256(data))))).toBe(sha256(data));
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
      await expect(collect(store.read(absent, { start: 0, end: 9 }))).rejects.toMatchObject({
        code: 'ENOENT',
      });
      expect(await store.size(absent)).toBeNull();
      await expect(store.delete(absent)).resolves.toBeUndefined();
    });

    it('deletes a blob, and only that one', async () => {
      const gone = await putOk(bytes(100));
      const kept = await putOk(bytes(100, 7));
      await store.delete(gone.key);
      expect(await store.size(gone.key)).toBeNull();
      await expect(collect(store.read(gone.key))).rejects.toMatchObject({ code: 'ENOENT' });
      expect((await listed()).map((blob) => blob.key)).toEqual([kept.key]);
    });

    it('lists every blob with its size and the time it was put', async () => {
      expect(await listed()).toEqual([]);
      const started = Date.now() - timeResolutionMs;
      const a = await putOk(bytes(100, 1));
      const b = await putOk(bytes(200, 2));
      const all = await listed();
      expect(all.map(({ key, sizeBytes }) => ({ key, sizeBytes }))).toEqual(
        [a, b].sort((x, y) => x.key.localeCompare(y.key)),
      );
      for (const blob of all) {
        expect(blob.modifiedAt.getTime()).toBeGreaterThanOrEqual(started);
        expect(blob.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + timeResolutionMs);
      }
    });

    it('refreshes the time of a blob whose bytes are put again', async () => {
      const data = bytes(300, 3);
      await putOk(data);
      const [first] = await listed();
      await new Promise((resolve) => setTimeout(resolve, timeResolutionMs + 50));
      await putOk(data);
      const [second] = await listed();
      expect(second?.modifiedAt.getTime()).toBeGreaterThan(first?.modifiedAt.getTime() ?? Infinity);
      expect(await collect(store.read(sha256(data)))).toEqual(Buffer.from(data));
      // stat, the orphan sweep's last look before it deletes, sees the refresh too.
      expect(await store.stat(sha256(data))).toEqual({ sizeBytes: 300, modifiedAt: second?.modifiedAt });
    });

    it('stats one blob as the listing sees it; null when absent or deleted', async () => {
      const absent = 'b'.repeat(64);
      expect(await store.stat(absent)).toBeNull();
      const blob = await putOk(bytes(400, 4));
      const [seen] = await listed();
      expect(await store.stat(blob.key)).toEqual({ sizeBytes: 400, modifiedAt: seen?.modifiedAt });
      await store.delete(blob.key);
      expect(await store.stat(blob.key)).toBeNull();
    });

    it('puts bytes again after they were deleted, as a new blob', async () => {
      const data = bytes(500, 6);
      const { key } = await putOk(data);
      await store.delete(key);
      expect(await putOk(data)).toEqual({ key, sizeBytes: 500 });
      expect(await collect(store.read(key))).toEqual(Buffer.from(data));
    });

    it('keeps files derived from a blob beside it, unlisted, and removes them with it', async () => {
      const { key } = await putOk(bytes(300, 7));
      const other = await putOk(bytes(300, 8));
      expect(await store.readDerived(key, 'thumbnail-160.webp')).toBeNull();
      await store.putDerived(key, 'thumbnail-160.webp', bytes(40, 1));
      await store.putDerived(key, 'thumbnail-480.webp', bytes(50, 2));
      await store.putDerived(other.key, 'thumbnail-160.webp', bytes(60, 3));
      // Put again (two processes made the same thumbnail): the last one stays, whole.
      await store.putDerived(key, 'thumbnail-160.webp', bytes(45, 4));
      expect(Buffer.from((await store.readDerived(key, 'thumbnail-160.webp')) ?? [])).toEqual(
        Buffer.from(bytes(45, 4)),
      );
      expect((await listed()).map((b) => b.key).sort()).toEqual([key, other.key].sort());
      await store.delete(key);
      expect(await store.readDerived(key, 'thumbnail-160.webp')).toBeNull();
      expect(await store.readDerived(key, 'thumbnail-480.webp')).toBeNull();
      expect(await store.readDerived(other.key, 'thumbnail-160.webp')).not.toBeNull();
      await store.delete(other.key);
      expect(await residue()).toEqual([]);
    });

    it.each([['../x.webp'], ['thumbnail-160'], ['Thumb.webp'], ['a/b.webp'], ['']])(
      'refuses the derived name %j',
      async (name) => {
        const { key } = await putOk(bytes(100, 9));
        await expect(store.readDerived(key, name)).rejects.toThrow(RangeError);
        await expect(store.putDerived(key, name, bytes(10))).rejects.toThrow(RangeError);
      },
    );

    it.each([
      ['../../../etc/passwd'],
      ['A'.repeat(64)],
      ['a'.repeat(63)],
      ['a'.repeat(65)],
      [`${'a'.repeat(62)}/.`],
      [`${'a'.repeat(63)}\n`],
      [''],
    ])('refuses the key %j everywhere', async (key) => {
      await expect(collect(store.read(key))).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.size(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.stat(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.readDerived(key, 'thumbnail-160.webp')).rejects.toThrow(InvalidBlobKeyError);
    });
  });
}
