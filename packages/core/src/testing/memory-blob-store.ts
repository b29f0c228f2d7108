import { createHash } from 'node:crypto';
import type { BlobStore } from '../media/index.js';

/** A BlobStore in memory: content-addressed like the disk one, with the same limits and outcomes. */
export type MemoryBlobStore = BlobStore & {
  /** The stored keys, for assertions. */
  keys(): string[];
};

/** The content address the stores use for some bytes (SHA-256, hex). */
export function blobKeyOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Creates a MemoryBlobStore; `now` stamps each put (give a fake clock's to control blob ages). */
export function createMemoryBlobStore(now: () => Date = () => new Date()): MemoryBlobStore {
  const blobs = new Map<string, Uint8Array>();
  const modified = new Map<string, Date>();
  return {
    async put(source, { maxBytes }) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of source) {
          size += chunk.byteLength;
          if (size > maxBytes) return { ok: false, error: { kind: 'too_large', maxBytes } };
          chunks.push(chunk);
        }
      } catch (error) {
        return { ok: false, error: { kind: 'source_failed', detail: (error as Error).message } };
      }
      const bytes = Buffer.concat(chunks);
      const key = blobKeyOf(bytes);
      if (!blobs.has(key)) blobs.set(key, bytes);
      modified.set(key, now());
      return { ok: true, blob: { key, sizeBytes: bytes.byteLength } };
    },
    async *read(key, range) {
      const bytes = blobs.get(key);
      if (bytes === undefined) throw new Error(`No blob ${key}.`);
      yield range === undefined ? bytes : bytes.subarray(range.start, range.end + 1);
    },
    async size(key) {
      return blobs.get(key)?.byteLength ?? null;
    },
    async stat(key) {
      const bytes = blobs.get(key);
      return bytes === undefined
        ? null
        : { sizeBytes: bytes.byteLength, modifiedAt: modified.get(key) ?? now() };
    },
    async delete(key) {
      blobs.delete(key);
      modified.delete(key);
    },
    async *list() {
      for (const [key, bytes] of [...blobs]) {
        yield { key, sizeBytes: bytes.byteLength, modifiedAt: modified.get(key) ?? now() };
      }
    },
    keys: () => [...blobs.keys()],
  };
}
