import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobPutError } from '@svc/core';
import { unlessAbsent } from './unless-absent.js';

/** A source written to a temp file: its content address, size and where the file is. */
export type SpooledFile = { readonly path: string; readonly key: string; readonly sizeBytes: number };

class TooLarge extends Error {}

class SourceFailed extends Error {}

/**
 * Streams `source` into a new file in `tmpDir` while counting and hashing it, stopping at the first
 * byte over `maxBytes`. On a refusal nothing is left in `tmpDir`; on success the caller owns the
 * file. Failures of the file system itself are thrown, so a full disk is not reported as a client
 * that left.
 */
export async function spoolToFile(
  source: AsyncIterable<Uint8Array>,
  { tmpDir, maxBytes }: { readonly tmpDir: string; readonly maxBytes: number },
): Promise<{ ok: true; file: SpooledFile } | { ok: false; error: BlobPutError }> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.part`);
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
      throw error instanceof TooLarge ? error : new SourceFailed(describe(error));
    }
  }

  // `wx` fails rather than follows a planted file or symlink.
  const file = await open(path, 'wx');
  try {
    // pipeline() handles backpressure and, on failure, ends the source (its iterator's return())
    // and closes the file. `flush` fsyncs before close so a renamed blob is never a torn file.
    await pipeline(source, measure, createWriteStream('', { fd: file, flush: true }));
  } catch (error) {
    await removeQuietly(path);
    if (error instanceof TooLarge) return { ok: false, error: { kind: 'too_large', maxBytes } };
    if (error instanceof SourceFailed) {
      return { ok: false, error: { kind: 'source_failed', detail: error.message } };
    }
    throw error;
  }
  return { ok: true, file: { path, key: hash.digest('hex'), sizeBytes } };
}

/** Removes a file, doing nothing when it is already gone. */
export async function removeQuietly(path: string): Promise<void> {
  await unlessAbsent(unlink(path), isNotFound, undefined);
}

/** Whether a file-system error says the file or folder does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
