import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDiskBlobStore, type DiskBlobStore } from '../src/index.js';

/** The committed test media files. */
export const FIXTURES = join(import.meta.dirname, 'fixtures');

/**
 * A disk blob store in a temporary folder for the tests of one file, removed afterwards, and a
 * way to store a fixture as an upload would. `blobs()` is ready from `beforeAll` on.
 */
export function useFixtureStore(prefix: string): {
  blobs: () => DiskBlobStore;
  store: (name: string) => Promise<string>;
} {
  let dir = '';
  let blobs: DiskBlobStore | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    blobs = createDiskBlobStore({ dir });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const ready = () => {
    if (blobs === undefined) throw new Error('the fixture store is ready from beforeAll on');
    return blobs;
  };
  return {
    blobs: ready,
    async store(name) {
      const result = await ready().put(createReadStream(join(FIXTURES, name)), { maxBytes: 1_000_000 });
      if (!result.ok) throw new Error(`could not store ${name}`);
      return result.blob.key;
    },
  };
}
