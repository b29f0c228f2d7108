import type { BlobStore } from '@svc/core';
import {
  createDiskBlobStore,
  createS3BlobStore,
  type DerivedBlobFiles,
  type LocalBlobFiles,
  type S3BlobStore,
} from '@svc/media';
import type { MediaStoreConfig } from './media-store-config.js';

/** How long a presigned S3 GET that a media link redirects to stays valid. */
export const MEDIA_REDIRECT_LIFETIME_SECONDS = 10 * 60;

/** The media store the configuration calls for, with what the HTTP layer and shutdown need of it. */
export type OpenedBlobStore = {
  readonly blobs: BlobStore & LocalBlobFiles & DerivedBlobFiles;
  /** Where a media GET redirects to (a presigned S3 GET), or null: the bytes are streamed by us. */
  readonly mediaRedirect: ((blobKey: string, contentType: string) => Promise<string>) | null;
  /** Releases its connections. */
  close(): void;
};

/**
 * Media on disk in `mediaDir`, or in S3 with its local cache. The S3 client takes its credentials
 * from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, web
 * identity, the instance's role), so no secret passes through our configuration.
 */
export function openBlobStore(config: MediaStoreConfig, mediaDir: string): OpenedBlobStore {
  if (config.kind === 'disk') {
    return { blobs: createDiskBlobStore({ dir: mediaDir }), mediaRedirect: null, close: () => {} };
  }
  const store = openS3BlobStore(config);
  return {
    blobs: store,
    mediaRedirect: config.redirect
      ? (blobKey, contentType) =>
          store.presignedUrl(blobKey, { contentType, expiresInSeconds: MEDIA_REDIRECT_LIFETIME_SECONDS })
      : null,
    close: () => store.close(),
  };
}

/** The S3 store of an `s3` media configuration (the server's, and `svc doctor`'s probe of it). */
export function openS3BlobStore(config: Extract<MediaStoreConfig, { kind: 's3' }>): S3BlobStore {
  return createS3BlobStore({
    bucket: config.bucket,
    prefix: config.prefix,
    connection: {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint === null ? {} : { endpoint: config.endpoint }),
    },
    cache: { dir: config.cacheDir, maxBytes: config.cacheBytes },
  });
}
