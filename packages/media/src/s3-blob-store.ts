// The S3 BlobStore: it stays whole because put, read and the local cache share one client, one
// spool-then-upload sequence and the cache's paths.

import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobFacts, BlobPutError, BlobStore, ListedBlob, StoredBlob } from '@svc/core';
import { createBlobFileCache } from './blob-file-cache.js';
import { assertByteRange, BlobNotFoundError, blobKeySegments } from './blob-key.js';
import { assertDerivedName, type DerivedBlobFiles } from './derived-blob-files.js';
import type { LocalBlobFiles } from './local-blob-files.js';
import { removeQuietly, spoolToFile } from './spool-to-file.js';
import { unlessAbsent } from './unless-absent.js';

/** Options of the S3 blob store. */
export type S3BlobStoreOptions = {
  readonly bucket: string;
  /** Folder-like prefix of every object name, without leading or trailing slash; '' for none. */
  readonly prefix: string;
  /** Where the bucket is: AWS when `endpoint` is absent, any S3-compatible server otherwise. */
  readonly connection: {
    readonly region: string;
    /** An S3-compatible server's URL (MinIO, R2, …); absent means AWS S3 itself. */
    readonly endpoint?: string;
    /** `host/bucket/key` URLs instead of `bucket.host/key` (most self-hosted servers need it). */
    readonly forcePathStyle?: boolean;
    /** Explicit keys; absent means the SDK's default chain (environment, profile, instance role). */
    readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  };
  /** The local cache: temp files of uploads, and copies for readers that need a file. */
  readonly cache: { readonly dir: string; readonly maxBytes: number };
};

/** A BlobStore in an S3 bucket, with files on local disk for readers that need one. */
export type S3BlobStore = BlobStore &
  LocalBlobFiles &
  DerivedBlobFiles & {
    /** A presigned GET of the blob, valid `expiresInSeconds`, answered with this type and inline. */
    presignedUrl(
      key: string,
      options: { readonly contentType: string; readonly expiresInSeconds: number },
    ): Promise<string>;
    /**
     * Lists at most one object under the prefix: resolves when the bucket exists and the
     * credentials may list it, rejects with S3's error (its `name` is S3's code) otherwise.
     */
    probe(): Promise<void>;
    /** Closes the client's connections. */
    close(): void;
  };

const MIB = 1024 * 1024;

/** The AWS SDK and a client made with it. */
type Sdk = {
  readonly s3: typeof import('@aws-sdk/client-s3');
  readonly storage: typeof import('@aws-sdk/lib-storage');
  readonly presigner: typeof import('@aws-sdk/s3-request-presigner');
  readonly client: S3Client;
};

// The SDK is loaded on first use: it costs a Node process about 0.3 s and 35 MB, which CLI
// commands that never touch media, and servers with media on disk, should not pay.
async function loadSdk(connection: S3BlobStoreOptions['connection']): Promise<Sdk> {
  const [s3, storage, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new s3.S3Client({
    region: connection.region,
    ...(connection.endpoint === undefined ? {} : { endpoint: connection.endpoint }),
    forcePathStyle: connection.forcePathStyle ?? false,
    ...(connection.credentials === undefined ? {} : { credentials: connection.credentials }),
  });
  return { s3, storage, presigner, client };
}

// S3's smallest part: the least memory per upload; 10,000 parts still allow 48 GiB.
const PART_SIZE = 5 * MIB;

// Parts uploaded at once. lib-storage gathers each part in memory (and copies it once to join the
// file's chunks), so one keeps an upload at about two parts, 10 MiB; with two, the media benchmark
// saw peaks of 40 MB against moto and no gain in speed.
const QUEUE_SIZE = 1;

/**
 * Content-addressed blobs as objects `prefix/ab/cd/<sha256>` (files derived from one as
 * `prefix/ab/cd/<sha256>.<name>`, removed with it). A put spools the bytes to a local
 * temp file while hashing (the key is known only at the end, and S3 cannot rename), then uploads
 * that file under its final name in parts and keeps it in the local cache, where the inspector
 * and the image processor find it next.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const { bucket } = options;
  const prefix = options.prefix === '' ? '' : `${options.prefix.replace(/^\/+|\/+$/g, '')}/`;
  let loaded: Promise<Sdk> | null = null;
  const sdk = () => {
    loaded ??= loadSdk(options.connection);
    return loaded;
  };
  const cache = createBlobFileCache({ dir: options.cache.dir, maxBytes: options.cache.maxBytes });
  const downloads = new Map<string, Promise<void>>();

  const objectKey = (key: string) => prefix + blobKeySegments(key).join('/');

  async function put(
    source: AsyncIterable<Uint8Array>,
    { maxBytes }: { readonly maxBytes: number },
  ): Promise<{ ok: true; blob: StoredBlob } | { ok: false; error: BlobPutError }> {
    const spooled = await spoolToFile(source, { tmpDir: cache.tmpDir, maxBytes });
    if (!spooled.ok) return spooled;
    const { path, key, sizeBytes } = spooled.file;
    try {
      if (!(await refresh(key))) await upload(path, key);
      await cache.adopt(key, path, sizeBytes);
    } catch (error) {
      await removeQuietly(path);
      throw error;
    }
    return { ok: true, blob: { key, sizeBytes } };
  }

  // Copying an object onto itself with new metadata is S3's way to touch it: LastModified becomes
  // now, so the orphan sweep spares bytes an upload has just put again. False when absent.
  async function refresh(key: string): Promise<boolean> {
    const Key = objectKey(key);
    const { s3, client } = await sdk();
    const copy = new s3.CopyObjectCommand({
      Bucket: bucket,
      Key,
      CopySource: encodeURI(`${bucket}/${Key}`),
      MetadataDirective: 'REPLACE',
      Metadata: { 'svc-put-at': new Date().toISOString() },
    });
    return unlessAbsent(
      client.send(copy).then(() => true),
      isAbsent,
      false,
    );
  }

  // lib-storage sends one PutObject under a part's size and a multipart upload above it, aborting
  // the multipart upload when a part fails, so no partial object is left behind.
  async function upload(path: string, key: string): Promise<void> {
    const { storage, client } = await sdk();
    const body = createReadStream(path, { highWaterMark: MIB });
    try {
      await new storage.Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: body },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
  }

  async function* read(key: string, range?: { readonly start: number; readonly end: number }) {
    const Key = objectKey(key);
    if (range !== undefined) assertByteRange(range);
    const cached = await cache.open(key);
    if (cached !== null) {
      yield* createReadStream('', { fd: cached, ...(range === undefined ? {} : range) });
      return;
    }
    yield* (await getObject(key, Key, range)) as AsyncIterable<Uint8Array>;
  }

  async function getObject(
    key: string,
    Key: string,
    range?: { readonly start: number; readonly end: number },
  ): Promise<Readable> {
    const { s3, client } = await sdk();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isAbsent(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async function size(key: string): Promise<number | null> {
    return (await stat(key))?.sizeBytes ?? null;
  }

  // HEAD answers the object's size and LastModified (which a put of the same bytes refreshes).
  async function stat(key: string): Promise<BlobFacts | null> {
    const Key = objectKey(key);
    const { s3, client } = await sdk();
    const head = await unlessAbsent(
      client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key })),
      isAbsent,
      null,
    );
    if (head?.ContentLength === undefined || head.LastModified === undefined) return null;
    return { sizeBytes: head.ContentLength, modifiedAt: head.LastModified };
  }

  async function remove(key: string): Promise<void> {
    // S3 answers a delete of an absent object with success, which is what we promise.
    const Key = objectKey(key);
    const { s3, client } = await sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key }));
    await cache.remove(key);
    // Its derived objects go with it: they are worthless without the bytes they were made from.
    for await (const page of s3.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: `${Key}.` })) {
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined)
          await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
      }
    }
  }

  const derivedKey = (key: string, name: string) => {
    assertDerivedName(name);
    return `${objectKey(key)}.${name}`;
  };

  async function readDerived(key: string, name: string): Promise<Uint8Array | null> {
    const Key = derivedKey(key, name);
    const { s3, client } = await sdk();
    const answer = client.send(new s3.GetObjectCommand({ Bucket: bucket, Key }));
    return unlessAbsent(
      answer.then(async (found) => (await found.Body?.transformToByteArray()) ?? null),
      isAbsent,
      null,
    );
  }

  // One PutObject: S3 shows an object whole once the put succeeds, never a part of it.
  async function putDerived(key: string, name: string, bytes: Uint8Array): Promise<void> {
    const Key = derivedKey(key, name);
    const { s3, client } = await sdk();
    await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key, Body: bytes }));
  }

  async function* list(): AsyncGenerator<ListedBlob> {
    const pattern = /^([0-9a-f]{2})\/([0-9a-f]{2})\/(\1\2[0-9a-f]{60})$/;
    const { s3, client } = await sdk();
    for await (const page of s3.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        const key = pattern.exec(object.Key?.slice(prefix.length) ?? '')?.[3];
        if (key === undefined || object.Size === undefined || object.LastModified === undefined) continue;
        yield { key, sizeBytes: object.Size, modifiedAt: object.LastModified };
      }
    }
  }

  async function withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    objectKey(key);
    // Further rounds cover a copy evicted (by another put) between its download and the loan.
    for (let round = 0; round < 3; round++) {
      const lent = await cache.lend(key);
      if (lent !== null) {
        try {
          return await use(lent);
        } finally {
          await removeQuietly(lent);
        }
      }
      await download(key);
    }
    throw new Error(`The local copy of blob ${key} kept disappearing from the cache`);
  }

  // One download per key at a time in this process; other processes write their own temp files
  // and rename them into place, so the cache never holds a partial copy.
  function download(key: string): Promise<void> {
    let pending = downloads.get(key);
    if (pending === undefined) {
      pending = fetchIntoCache(key).finally(() => downloads.delete(key));
      downloads.set(key, pending);
    }
    return pending;
  }

  async function fetchIntoCache(key: string): Promise<void> {
    const body = await getObject(key, objectKey(key));
    const spooled = await spoolToFile(body, { tmpDir: cache.tmpDir, maxBytes: Number.MAX_SAFE_INTEGER });
    if (!spooled.ok) {
      const why = spooled.error.kind === 'source_failed' ? spooled.error.detail : spooled.error.kind;
      throw new Error(`Could not download blob ${key}: ${why}`);
    }
    const { path, key: actual, sizeBytes } = spooled.file;
    try {
      // The object's bytes are not the ones its name promises: never hand them to a reader.
      if (actual !== key) throw new Error(`The object of blob ${key} holds other bytes (SHA-256 ${actual})`);
      await cache.adopt(key, path, sizeBytes);
    } catch (error) {
      await removeQuietly(path);
      throw error;
    }
  }

  async function presignedUrl(
    key: string,
    { contentType, expiresInSeconds }: { readonly contentType: string; readonly expiresInSeconds: number },
  ): Promise<string> {
    const Key = objectKey(key);
    const { s3, presigner, client } = await sdk();
    const command = new s3.GetObjectCommand({
      Bucket: bucket,
      Key,
      ResponseContentType: contentType,
      ResponseContentDisposition: 'inline',
    });
    return presigner.getSignedUrl(client, command, { expiresIn: expiresInSeconds });
  }

  async function probe(): Promise<void> {
    const { s3, client } = await sdk();
    await client.send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
  }

  return {
    put,
    read,
    size,
    stat,
    delete: remove,
    list,
    withLocalFile,
    readDerived,
    putDerived,
    presignedUrl,
    probe,
    close() {
      void loaded?.then(
        ({ client }) => client.destroy(),
        () => {},
      );
    },
  };
}

/** Whether the SDK's error says the object is not there (HeadObject's bare 404 has no code). */
function isAbsent(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}
