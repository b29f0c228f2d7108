import { join, resolve } from 'node:path';
import { z } from 'zod';
import { onOff } from './on-off.js';
import { wholeNumber } from './whole-number.js';

/** Where media bytes are kept (SVC_MEDIA_STORE, docs/configuration.md "Media storage"). */
export type MediaStoreConfig =
  | {
      /** Files under SVC_DATA_DIR/media. */
      readonly kind: 'disk';
    }
  | {
      /** Objects in an S3-compatible bucket, with a bounded local cache. */
      readonly kind: 's3';
      readonly bucket: string;
      /** Object-name prefix without surrounding slashes; '' for the bucket's root. */
      readonly prefix: string;
      /** SVC_S3_REGION, else AWS_REGION, else us-east-1. */
      readonly region: string;
      /** SVC_S3_ENDPOINT: an S3-compatible server's URL; null means AWS S3. */
      readonly endpoint: string | null;
      /** SVC_S3_FORCE_PATH_STYLE: `endpoint/bucket/key` URLs (MinIO and most self-hosted servers). */
      readonly forcePathStyle: boolean;
      /** SVC_MEDIA_CACHE_DIR: local copies and upload temp files; default SVC_DATA_DIR/media-cache. */
      readonly cacheDir: string;
      /** SVC_MEDIA_CACHE_MB in bytes: the size the cache is kept under. */
      readonly cacheBytes: number;
      /** SVC_MEDIA_REDIRECT: signed media links answer 302 to a presigned S3 GET. */
      readonly redirect: boolean;
    };

/** Default size of the S3 store's local cache, in megabytes. */
export const DEFAULT_MEDIA_CACHE_MB = 2048;

// Every message completes "Invalid configuration: <VARIABLE> …".

// S3's bucket naming rules; prefixes keep to the characters S3 calls safe in object names.
const S3_LOCATION = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([A-Za-z0-9!_.*'()/-]*))?$/;

/** The environment variables of media storage, merged into the configuration's schema. */
export const MEDIA_STORE_ENV = {
  SVC_MEDIA_STORE: z
    .string()
    .trim()
    .regex(
      S3_LOCATION,
      'must be s3://bucket or s3://bucket/prefix (bucket: 3 to 63 lower-case letters, digits, dots and hyphens)',
    )
    .optional(),
  SVC_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
  SVC_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1 (or auto for R2)')
    .optional(),
  AWS_REGION: z.string().trim().min(1).optional(),
  SVC_S3_FORCE_PATH_STYLE: onOff().default(false),
  SVC_MEDIA_CACHE_DIR: z.string().trim().min(1).optional(),
  SVC_MEDIA_CACHE_MB: wholeNumber(
    'must be a whole number of megabytes, at least 1',
    1,
    1_000_000_000,
  ).default(DEFAULT_MEDIA_CACHE_MB),
  SVC_MEDIA_REDIRECT: onOff().default(false),
};

type MediaStoreEnv = {
  readonly SVC_MEDIA_STORE?: string | undefined;
  readonly SVC_S3_ENDPOINT?: string | undefined;
  readonly SVC_S3_REGION?: string | undefined;
  readonly AWS_REGION?: string | undefined;
  readonly SVC_S3_FORCE_PATH_STYLE: boolean;
  readonly SVC_MEDIA_CACHE_DIR?: string | undefined;
  readonly SVC_MEDIA_CACHE_MB: number;
  readonly SVC_MEDIA_REDIRECT: boolean;
};

/**
 * The media store the parsed variables describe, or the one line naming a variable that only
 * makes sense with an S3 store when none is configured (so a typo in SVC_MEDIA_STORE does not
 * quietly keep media on local disk).
 */
export function mediaStoreConfig(
  e: MediaStoreEnv,
  dataDir: string,
  cwd: string,
): { ok: true; value: MediaStoreConfig } | { ok: false; error: string } {
  const location = e.SVC_MEDIA_STORE === undefined ? null : S3_LOCATION.exec(e.SVC_MEDIA_STORE);
  if (location === null || location[1] === undefined) {
    const stray = (
      [
        ['SVC_S3_ENDPOINT', e.SVC_S3_ENDPOINT],
        ['SVC_S3_REGION', e.SVC_S3_REGION],
        ['SVC_MEDIA_CACHE_DIR', e.SVC_MEDIA_CACHE_DIR],
        ['SVC_MEDIA_REDIRECT', e.SVC_MEDIA_REDIRECT ? 'on' : undefined],
      ] as const
    ).find(([, value]) => value !== undefined)?.[0];
    if (stray !== undefined) {
      return {
        ok: false,
        error: `Invalid configuration: ${stray} needs SVC_MEDIA_STORE=s3://bucket/prefix (media is on local disk without it)`,
      };
    }
    return { ok: true, value: { kind: 'disk' } };
  }
  return {
    ok: true,
    value: {
      kind: 's3',
      bucket: location[1],
      prefix: (location[2] ?? '').replace(/^\/+|\/+$/g, ''),
      region: e.SVC_S3_REGION ?? e.AWS_REGION ?? 'us-east-1',
      endpoint: e.SVC_S3_ENDPOINT ?? null,
      forcePathStyle: e.SVC_S3_FORCE_PATH_STYLE,
      cacheDir:
        e.SVC_MEDIA_CACHE_DIR === undefined
          ? join(dataDir, 'media-cache')
          : resolve(cwd, e.SVC_MEDIA_CACHE_DIR),
      cacheBytes: e.SVC_MEDIA_CACHE_MB * 1024 * 1024,
      redirect: e.SVC_MEDIA_REDIRECT,
    },
  };
}
