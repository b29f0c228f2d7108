import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { BlobFacts, BlobPutError, BlobStore, ListedBlob, StoredBlob } from '@svc/core';
import { assertByteRange, blobKeySegments, isBlobKey } from './blob-key.js';
import { assertDerivedName, type DerivedBlobFiles } from './derived-blob-files.js';
import type { LocalBlobFiles } from './local-blob-files.js';
import { isNotFound, removeQuietly, spoolToFile } from './spool-to-file.js';
import { unlessAbsent } from './unless-absent.js';

/** Options of the disk blob store. */
export type DiskBlobStoreOptions = {
  /** Folder that holds the blobs (created when missing). Temp files live in `dir/tmp`, so renames stay on one filesystem. */
  readonly dir: string;
};

/** A BlobStore whose blobs are plain files, so image and video readers can open them directly. */
export type DiskBlobStore = BlobStore &
  LocalBlobFiles &
  DerivedBlobFiles & {
    /** Absolute path of a blob's file (whether or not it exists); throws on a malformed key. */
    pathOf(key: string): string;
  };

const LEVEL = /^[0-9a-f]{2}$/;

/**
 * Content-addressed blob storage on local disk: `dir/ab/cd/<sha256>`, with the files derived from a
 * blob beside it as `dir/ab/cd/<sha256>.<name>` (skipped by the listing, removed with the blob).
 */
export function createDiskBlobStore(options: DiskBlobStoreOptions): DiskBlobStore {
  const tmpDir = join(options.dir, 'tmp');

  function pathOf(key: string): string {
    return join(options.dir, ...blobKeySegments(key));
  }

  async function put(
    source: AsyncIterable<Uint8Array>,
    { maxBytes }: { readonly maxBytes: number },
  ): Promise<{ ok: true; blob: StoredBlob } | { ok: false; error: BlobPutError }> {
    const spooled = await spoolToFile(source, { tmpDir, maxBytes });
    if (!spooled.ok) return spooled;
    const { path: tmpPath, key, sizeBytes } = spooled.file;
    const finalPath = pathOf(key);
    try {
      // Same hash, same bytes: keep the existing file (readers may have it open) and drop ours.
      // Touching it tells the orphan sweep these bytes were just put and may be about to be
      // recorded, so it spares them for its grace period. Touching (not a separate existence
      // check) decides, so a file the sweep removes meanwhile is replaced by ours, never lost.
      if (await touch(finalPath)) {
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
    if (range !== undefined) assertByteRange(range);
    // Opening first makes an absent blob reject on the first next() with ENOENT, before any bytes.
    const file = await open(path, 'r');
    yield* createReadStream('', { fd: file, ...(range === undefined ? {} : range) });
  }

  async function size(key: string): Promise<number | null> {
    return (await facts(key))?.sizeBytes ?? null;
  }

  async function facts(key: string): Promise<BlobFacts | null> {
    const found = await unlessAbsent(stat(pathOf(key)), isNotFound, null);
    return found === null ? null : { sizeBytes: found.size, modifiedAt: found.mtime };
  }

  async function remove(key: string): Promise<void> {
    const path = pathOf(key);
    await removeQuietly(path);
    // Its derived files go with it: they are worthless without the bytes they were made from.
    const prefix = `${basename(path)}.`;
    for (const name of await namesIn(dirname(path))) {
      if (name.startsWith(prefix)) await removeQuietly(join(dirname(path), name));
    }
  }

  function derivedPath(key: string, name: string): string {
    assertDerivedName(name);
    return `${pathOf(key)}.${name}`;
  }

  async function readDerived(key: string, name: string): Promise<Uint8Array | null> {
    return unlessAbsent(readFile(derivedPath(key, name)), isNotFound, null);
  }

  async function putDerived(key: string, name: string, bytes: Uint8Array): Promise<void> {
    const finalPath = derivedPath(key, name);
    await mkdir(tmpDir, { recursive: true });
    const tmpPath = join(tmpDir, `${randomUUID()}.part`);
    try {
      // `wx` never follows a planted file; `flush` makes the renamed file whole after a crash.
      await writeFile(tmpPath, bytes, { flag: 'wx', flush: true });
      await mkdir(dirname(finalPath), { recursive: true });
      // Atomic on one filesystem: readers see the old file, none, or this one whole.
      await rename(tmpPath, finalPath);
    } catch (error) {
      await removeQuietly(tmpPath);
      throw error;
    }
  }

  // Walks the two folder levels one directory at a time, so a large store is never listed whole
  // in memory; `tmp` and anything else that is not a blob is skipped.
  async function* list(): AsyncGenerator<ListedBlob> {
    for (const first of await directoriesIn(options.dir)) {
      for (const second of await directoriesIn(join(options.dir, first))) {
        const folder = join(options.dir, first, second);
        for await (const entry of await opendir(folder)) {
          if (!entry.isFile() || !isBlobKey(entry.name)) continue;
          if (!entry.name.startsWith(first + second)) continue;
          // Null when removed between the listing and the stat: no longer stored.
          const facts = await unlessAbsent(stat(join(folder, entry.name)), isNotFound, null);
          if (facts !== null) yield { key: entry.name, sizeBytes: facts.size, modifiedAt: facts.mtime };
        }
      }
    }
  }

  // The blob's own file: nothing to copy, and it stays while `use` runs unless the blob is deleted,
  // which callers do only for blobs no asset refers to.
  async function withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(pathOf(key));
  }

  return {
    put,
    read,
    size,
    stat: facts,
    delete: remove,
    list,
    pathOf,
    withLocalFile,
    readDerived,
    putDerived,
  };
}

/** The names of the two-hex-digit folders in `dir` (none when it does not exist yet). */
async function directoriesIn(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of await opendir(dir)) {
      if (entry.isDirectory() && LEVEL.test(entry.name)) names.push(entry.name);
    }
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  return names;
}

/** The names in a folder (none when it does not exist). */
async function namesIn(dir: string): Promise<string[]> {
  return unlessAbsent(readdir(dir), isNotFound, []);
}

/** Sets a file's times to now; false when it does not exist. */
async function touch(path: string): Promise<boolean> {
  const now = new Date();
  return unlessAbsent(
    utimes(path, now, now).then(() => true),
    isNotFound,
    false,
  );
}
