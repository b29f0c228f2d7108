import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from '@svc/core';
import { afterAll, beforeAll } from 'vitest';
import {
  createDiskBlobStore,
  createS3BlobStore,
  type DerivedBlobFiles,
  type LocalBlobFiles,
} from '../src/index.js';
import { collect } from './blob-store-contract.js';
import { MOTO_CREDENTIALS, MOTO_REGION, useMotoServer } from './moto-server.js';

/** The committed test media files. */
export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Where the media tests keep blobs: files on disk, or an S3 bucket (moto) with its local cache. */
export type FixtureStoreKind = 'disk' | 's3';

/** The stores the media tests run on, each in turn. */
export const FIXTURE_STORE_KINDS: readonly FixtureStoreKind[] = ['disk', 's3'];

/** A blob store as the inspector, the image processor and the thumbnailer use it. */
export type FixtureBlobs = BlobStore & LocalBlobFiles & DerivedBlobFiles;

/**
 * A blob store of `kind` in a temporary folder (and, for S3, a fresh bucket on a moto server) for
 * the tests of one describe block, removed afterwards, and a way to store a fixture as an upload
 * would. `blobs()` is ready from `beforeAll` on.
 */
export function useFixtureStore(
  prefix: string,
  kind: FixtureStoreKind = 'disk',
): {
  blobs: () => FixtureBlobs;
  store: (name: string) => Promise<string>;
  /** A stored blob's bytes. */
  bytesOf: (key: string) => Promise<Buffer>;
} {
  const moto = kind === 's3' ? useMotoServer() : null;
  let dir = '';
  let blobs: (FixtureBlobs & { close?: () => void }) | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    if (moto === null) {
      blobs = createDiskBlobStore({ dir });
      return;
    }
    blobs = createS3BlobStore({
      bucket: await moto().createBucket(),
      prefix: 'media',
      connection: {
        region: MOTO_REGION,
        endpoint: moto().endpoint,
        forcePathStyle: true,
        credentials: MOTO_CREDENTIALS,
      },
      // Small enough that the tests' files are evicted and downloaded again now and then.
      cache: { dir, maxBytes: 16_384 },
    });
  });
  afterAll(async () => {
    blobs?.close?.();
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
    bytesOf: (key) => collect(ready().read(key)),
  };
}
