import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');
const mediaStoreOf = (env: Record<string, string>) => {
  const result = load(env);
  if (!result.ok) throw new Error(result.error);
  return result.config.mediaStore;
};
const errorOf = (env: Record<string, string>) => {
  const result = load(env);
  return result.ok ? null : result.error;
};

describe('media storage configuration', () => {
  it('keeps media on disk unless SVC_MEDIA_STORE names a bucket', () => {
    expect(mediaStoreOf({})).toEqual({ kind: 'disk' });
    expect(mediaStoreOf({ SVC_MEDIA_STORE: '' })).toEqual({ kind: 'disk' });
  });

  it('reads s3://bucket/prefix with the defaults of docs/configuration.md', () => {
    expect(mediaStoreOf({ SVC_MEDIA_STORE: 's3://svc-media/prod/media/' })).toEqual({
      kind: 's3',
      bucket: 'svc-media',
      prefix: 'prod/media',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      cacheDir: '/srv/app/.svc-data/media-cache',
      cacheBytes: 2048 * 1024 * 1024,
      redirect: false,
    });
    expect(mediaStoreOf({ SVC_MEDIA_STORE: 's3://svc-media' })).toMatchObject({
      bucket: 'svc-media',
      prefix: '',
    });
  });

  it('takes the endpoint, region, path style, cache and redirect settings', () => {
    expect(
      mediaStoreOf({
        SVC_MEDIA_STORE: 's3://media.example/svc',
        SVC_S3_ENDPOINT: 'http://minio.internal:9000',
        SVC_S3_REGION: 'auto',
        AWS_REGION: 'eu-west-1',
        SVC_S3_FORCE_PATH_STYLE: 'on',
        SVC_MEDIA_CACHE_DIR: 'cache',
        SVC_MEDIA_CACHE_MB: '100',
        SVC_MEDIA_REDIRECT: '1',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'media.example',
      prefix: 'svc',
      region: 'auto',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      cacheDir: '/srv/app/cache',
      cacheBytes: 100 * 1024 * 1024,
      redirect: true,
    });
    expect(mediaStoreOf({ SVC_MEDIA_STORE: 's3://b-1', AWS_REGION: 'eu-west-1' })).toMatchObject({
      region: 'eu-west-1',
    });
  });

  it.each([
    [
      { SVC_MEDIA_STORE: 'https://bucket/media' },
      'SVC_MEDIA_STORE must be s3://bucket or s3://bucket/prefix',
    ],
    [{ SVC_MEDIA_STORE: 's3://Bucket' }, 'SVC_MEDIA_STORE must be s3://bucket'],
    [{ SVC_MEDIA_STORE: 's3://ab' }, 'SVC_MEDIA_STORE must be s3://bucket'],
    [{ SVC_MEDIA_STORE: 's3://b-1/a b' }, 'SVC_MEDIA_STORE must be s3://bucket'],
    [
      { SVC_MEDIA_STORE: 's3://b-1', SVC_S3_ENDPOINT: 'minio:9000' },
      'SVC_S3_ENDPOINT must be an http or https URL',
    ],
    [{ SVC_MEDIA_STORE: 's3://b-1', SVC_S3_REGION: 'EU West' }, 'SVC_S3_REGION must be a region name'],
    [
      { SVC_MEDIA_STORE: 's3://b-1', SVC_S3_FORCE_PATH_STYLE: 'maybe' },
      'SVC_S3_FORCE_PATH_STYLE must be on or off',
    ],
    [
      { SVC_MEDIA_STORE: 's3://b-1', SVC_MEDIA_CACHE_MB: '0' },
      'SVC_MEDIA_CACHE_MB must be a whole number of megabytes',
    ],
    [{ SVC_MEDIA_REDIRECT: 'on' }, 'SVC_MEDIA_REDIRECT needs SVC_MEDIA_STORE=s3://bucket/prefix'],
    [{ SVC_S3_ENDPOINT: 'http://minio:9000' }, 'SVC_S3_ENDPOINT needs SVC_MEDIA_STORE=s3://bucket/prefix'],
  ])('refuses %j in one line naming the variable', (env, message) => {
    expect(errorOf(env)).toContain(`Invalid configuration: ${message}`);
  });

  it('lets SVC_MEDIA_REDIRECT=off stand without a bucket', () => {
    expect(mediaStoreOf({ SVC_MEDIA_REDIRECT: 'off' })).toEqual({ kind: 'disk' });
  });
});
