import { randomUUID } from 'node:crypto';
import { copyFile, type FileHandle, link, mkdir, open, opendir, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { blobKeySegments, isBlobKey } from './blob-key.js';
import { isNotFound, removeQuietly } from './spool-to-file.js';

/** Options of a blob file cache. */
export type BlobFileCacheOptions = {
  /** Folder of the cache (created when missing); its `tmp` folder holds downloads and lent links. */
  readonly dir: string;
  /** Total size the cached files are kept under, least recently used first out. */
  readonly maxBytes: number;
};

/**
 * Local copies of blobs kept in `dir/ab/cd/<sha256>`, bounded in total size. Files only ever
 * appear by an atomic rename of a complete file, so several processes may share one folder; each
 * keeps its own account of sizes and evicts what it knows of.
 */
export type BlobFileCache = {
  /** Where temp files go: inside the cache, so adopting one is a rename on one filesystem. */
  readonly tmpDir: string;
  /** Opens the cached copy of a blob for reading, or null when there is none. */
  open(key: string): Promise<FileHandle | null>;
  /**
   * Moves a complete file holding the blob's bytes (verified by the caller) into the cache, then
   * evicts least recently used copies until the total is under the limit again.
   */
  adopt(key: string, path: string, sizeBytes: number): Promise<void>;
  /**
   * A private hard link to the cached copy, which eviction cannot take away; null when not
   * cached. The caller removes the link when done.
   */
  lend(key: string): Promise<string | null>;
  /** Drops the cached copy of a blob, if any. */
  remove(key: string): Promise<void>;
};

// Temp files of a process that died mid-download or mid-upload; live ones are minutes old at most.
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/** Creates a cache over `options.dir`, indexing what an earlier run left there on first use. */
export function createBlobFileCache(options: BlobFileCacheOptions): BlobFileCache {
  const tmpDir = join(options.dir, 'tmp');
  // Keys in least-recently-used-first order (a Map keeps insertion order; a use re-inserts).
  const sizes = new Map<string, number>();
  let total = 0;
  let indexed: Promise<void> | null = null;

  const pathOf = (key: string) => join(options.dir, ...blobKeySegments(key));
  const ready = () => {
    indexed ??= indexExisting();
    return indexed;
  };

  function remember(key: string, sizeBytes: number): void {
    forget(key);
    sizes.set(key, sizeBytes);
    total += sizeBytes;
  }

  function forget(key: string): void {
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  }

  async function evict(keep: string): Promise<void> {
    for (const [key] of sizes) {
      if (total <= options.maxBytes) return;
      // The newest copy stays even alone over the limit: its caller is about to read it.
      if (key === keep) continue;
      forget(key);
      await removeQuietly(pathOf(key));
    }
  }

  async function indexExisting(): Promise<void> {
    const found: { key: string; size: number; mtimeMs: number }[] = [];
    for (const path of await filesUnder(options.dir)) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      try {
        const facts = await stat(path);
        if (path.startsWith(`${tmpDir}/`)) {
          if (Date.now() - facts.mtimeMs > STALE_TEMP_MS) await removeQuietly(path);
        } else if (isBlobKey(name) && path === pathOf(name)) {
          found.push({ key: name, size: facts.size, mtimeMs: facts.mtimeMs });
        }
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { key, size } of found) if (!sizes.has(key)) remember(key, size);
    await evict('');
  }

  return {
    tmpDir,
    async open(key) {
      const path = pathOf(key);
      await ready();
      try {
        const file = await open(path, 'r');
        remember(key, (await file.stat()).size);
        return file;
      } catch (error) {
        if (!isNotFound(error)) throw error;
        forget(key);
        return null;
      }
    },
    async adopt(key, path, sizeBytes) {
      const finalPath = pathOf(key);
      await ready();
      await mkdir(dirname(finalPath), { recursive: true });
      // Should another process have put the same bytes here first, this replaces its file with
      // identical content, which no reader can tell apart.
      await rename(path, finalPath);
      remember(key, sizeBytes);
      await evict(key);
    },
    async lend(key) {
      const path = pathOf(key);
      await ready();
      await mkdir(tmpDir, { recursive: true });
      const lent = join(tmpDir, `${randomUUID()}.lent`);
      try {
        await link(path, lent);
      } catch (error) {
        if (isNotFound(error)) {
          forget(key);
          return null;
        }
        // A filesystem without hard links: a copy is as good, only slower.
        await copyFile(path, lent);
      }
      remember(key, (await stat(lent)).size);
      return lent;
    },
    async remove(key) {
      const path = pathOf(key);
      await ready();
      forget(key);
      await removeQuietly(path);
    },
  };
}

/** Every file below `dir`, as paths (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = [];
    for await (const entry of await opendir(dir, { recursive: true })) {
      if (entry.isFile()) entries.push(join(entry.parentPath, entry.name));
    }
    return entries;
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
