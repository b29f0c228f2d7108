import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobPutError, BlobStore, StoredBlob } from '@svc/core';

/** Options of the disk blob store. */
export type DiskBlobStoreOptions = {
  /** Folder that holds the blobs (created when missing). Temp files live in `dir/tmp`, so renames stay on one filesystem. */
  readonly dir: string;
};

/** A BlobStore whose blobs are plain files, so image and video readers can open them directly. */
export type DiskBlobStore = BlobStore & {
  /** Absolute path of a blob's file (whether or not it exists); throws on a malformed key. */
  pathOf(key: string): string;
};

const KEY = /^[0-9a-f]{64}$/;

/** Thrown when a key is not 64 lower-case hex characters; such a key could name a path outside the store. */
export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';
  constructor(key: string) {
    super(`Not a blob key (64 lower-case hex characters expected): ${JSON.stringify(key.slice(0, 80))}`);
  }
}

class TooLarge extends Error {}

class SourceFailed extends Error {}

/** Content-addressed blob storage on local disk: `dir/ab/cd/<sha256>`. */
export function createDiskBlobStore(options: DiskBlobStoreOptions): DiskBlobStore {
  const tmpDir = join(options.dir, 'tmp');

  function pathOf(key: string): string {
    // The key is the only caller-controlled part of any path, so this check is what keeps every
    // read, stat and unlink inside `dir`.
    if (!KEY.test(key)) throw new InvalidBlobKeyError(key);
    return join(options.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async function put(
    source: AsyncIterable<Uint8Array>,
    { maxBytes }: { readonly maxBytes: number },
  ): Promise<{ ok: true; blob: StoredBlob } | { ok: false; error: BlobPutError }> {
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let sizeBytes = 0;

    // Counts and hashes on the way through; throwing here ends the pipeline before the next chunk
    // is pulled, which is what "stop reading at the first byte over" means for a network source.
    async function* measure(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of chunks) {
          sizeBytes += chunk.byteLength;
          if (sizeBytes > maxBytes) throw new TooLarge();
          hash.update(chunk);
          yield chunk;
        }
      } catch (error) {
        // Tags the source's own failures, so a full disk is not reported as a client that left.
        throw error instanceof TooLarge ? error : new SourceFailed(describe(error));
      }
    }

    // `wx` fails rather than follows a planted file or symlink.
    const file = await open(tmpPath, 'wx');
    try {
      // pipeline() handles backpressure and, on failure, ends the source (its iterator's return())
      // and closes the file. `flush` fsyncs before close so a renamed blob is never a torn file.
      await pipeline(source, measure, createWriteStream('', { fd: file, flush: true }));
    } catch (error) {
      await removeQuietly(tmpPath);
      if (error instanceof TooLarge) return { ok: false, error: { kind: 'too_large', maxBytes } };
      if (error instanceof SourceFailed) {
        return { ok: false, error: { kind: 'source_failed', detail: error.message } };
      }
      throw error;
    }

    const key = hash.digest('hex');
    const finalPath = pathOf(key);
    try {
      if (await exists(finalPath)) {
        // Same hash, same bytes: keep the existing file (readers may have it open) and drop ours.
        await removeQuietly(tmpPath);
      } else {
        await mkdir(dirname(finalPath), { recursive: true });
        // Atomic on one filesystem. Should a concurrent put of the same bytes win the race, this
        // replaces its file with identical content, which no reader can tell apart.
        await rename(tmpPath, finalPath);
      }
    } catch (error) {
      await removeQuietly(tmpPath);
      throw error;
    }
    return { ok: true, blob: { key, sizeBytes } };
  }

  async function* read(key: string, range?: { readonly start: number; readonly end: number }) {
    const path = pathOf(key);
    if (range !== undefined) assertRange(range);
    // Opening first makes an absent blob reject on the first next() with ENOENT, before any bytes.
    const file = await open(path, 'r');
    yield* createReadStream('', { fd: file, ...(range === undefined ? {} : range) });
  }

  async function size(key: string): Promise<number | null> {
    try {
      return (await stat(pathOf(key))).size;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    try {
      await unlink(pathOf(key));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  return { put, read, size, delete: remove, pathOf };
}

function assertRange(range: { readonly start: number; readonly end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range [${start}, ${end}]`);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

async function removeQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
