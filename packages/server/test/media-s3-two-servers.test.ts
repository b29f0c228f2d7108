import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describePostgres } from '@svc/store-postgres/testing';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { useMotoServer } from '../../media/test/moto-server.js';
import { freePort, type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';
import { verticalVideo } from './vertical-video.js';

// Two real `svc serve` processes, each with its own data directory, sharing one PostgreSQL
// database and one S3 bucket (moto on loopback): media put through either server is served,
// described and published through the other. Server B alone runs the publisher.
const FIXTURES = join(import.meta.dirname, '../../media/test/fixtures');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const dataDir = useDataDirs();
const moto = useMotoServer();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

await describePostgres('two API servers on PostgreSQL and S3', (db) => {
  it('serves, describes and publishes media uploaded through either server', async () => {
    const bucket = await moto().createBucket();
    // One master secret, so a link signed by one server is good on the other.
    const shared = {
      DATABASE_URL: db.url(),
      SVC_SECRET: 'two-servers-test-secret-0123456789abcdef',
      ...moto().serverEnv(bucket),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const envA = {
      ...shared,
      SVC_DATA_DIR: dataDir(),
      PORT: String(portA),
      SVC_BASE_URL: `http://127.0.0.1:${portA}`,
      SVC_PUBLISHER: 'off',
    };
    const envB = {
      ...shared,
      SVC_DATA_DIR: dataDir(),
      PORT: String(portB),
      SVC_BASE_URL: `http://127.0.0.1:${portB}`,
      SVC_PUBLISHER_INTERVAL_MS: '1000',
    };
    const cli = (args: string[]) => svcProcess(args, envB);
    expect((await cli(['migrate'])).code).toBe(0);
    await cli(['users', 'create', '--email', 'duo@example.com', '--plan', 'paid']);
    const account = async (platform: string) =>
      (
        await cli([
          'accounts',
          'connect-sandbox',
          '--email',
          'duo@example.com',
          '--platform',
          platform,
          '--handle',
          `duo_${platform}`,
        ])
      ).json.id as string;
    const [instagram, tiktok] = [await account('instagram'), await account('tiktok')];
    const key = (await cli(['keys', 'create', '--email', 'duo@example.com', '--scopes', '*'])).json.key;
    const [a, b] = await Promise.all([startServerProcess(envA), startServerProcess(envB)]);
    running.push(a, b);

    const call = async (server: ServerProcess, path: string, init: RequestInit & { json?: unknown } = {}) => {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('Authorization', `Bearer ${key}`);
      if (json !== undefined) headers.set('Content-Type', 'application/json');
      const res = await fetch(`${server.url}${path}`, {
        ...rest,
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    // A link either server handed out, sent to `server` instead (one base URL behind a balancer).
    const via = (server: ServerProcess, link: string) => {
      const url = new URL(link);
      return `${server.url}${url.pathname}${url.search}`;
    };
    const bytesVia = async (server: ServerProcess, link: string, init: RequestInit = {}) => {
      const res = await fetch(via(server, link), init);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };

    // A multipart upload through A, served and described by B.
    const png = readFileSync(join(FIXTURES, 'image.png'));
    const form = new FormData();
    form.append('file', new Blob([png]), 'photo.png');
    const uploaded = await call(a, '/api/v1/media', { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    expect(await bytesVia(b, uploaded.body.url)).toEqual({ status: 200, bytes: png });
    expect(await call(b, `/api/v1/media/${uploaded.body.mediaId}`)).toMatchObject({
      status: 200,
      body: { contentType: 'image/png', sizeBytes: png.byteLength, width: 40, height: 30 },
    });

    // And the other way round: a multipart upload through B, served and described by A.
    const jpg = readFileSync(join(FIXTURES, 'image.jpg'));
    const formB = new FormData();
    formB.append('file', new Blob([jpg]), 'photo.jpg');
    const uploadedB = await call(b, '/api/v1/media', { method: 'POST', body: formB });
    expect(uploadedB.status).toBe(200);
    expect(await bytesVia(a, uploadedB.body.url)).toEqual({ status: 200, bytes: jpg });
    expect(await call(a, `/api/v1/media/${uploadedB.body.mediaId}`)).toMatchObject({
      status: 200,
      body: { contentType: 'image/jpeg', sizeBytes: jpg.byteLength, width: 64, height: 48 },
    });

    // An upload target from B, whose bytes (a 6 MiB video: a multipart upload to S3) go to A.
    const video = verticalVideo({ durationMs: 4_000, totalBytes: 6 * 1024 * 1024 });
    const target = await call(b, '/api/v1/media/upload', { method: 'POST' });
    const put = await fetch(via(a, target.body.uploadUrl), { method: 'PUT', body: video });
    expect({ status: put.status, body: await put.json() }).toMatchObject({
      status: 200,
      body: { mediaId: target.body.mediaId, contentType: 'video/mp4', sizeBytes: video.byteLength },
    });
    const videoItem = await call(b, `/api/v1/media/${target.body.mediaId}`);
    expect(videoItem.body).toMatchObject({ width: 90, height: 160, durationMs: 4000 });
    const served = await bytesVia(b, videoItem.body.url);
    expect({ status: served.status, sha256: sha256(served.bytes) }).toEqual({
      status: 200,
      sha256: sha256(video),
    });
    const part = await bytesVia(a, videoItem.body.url, { headers: { Range: 'bytes=1000-1999' } });
    expect({ status: part.status, bytes: part.bytes }).toEqual({
      status: 206,
      bytes: video.subarray(1000, 2000),
    });

    // Both blobs are objects in the bucket; neither server keeps media on its own disk.
    const objects = await moto().objectKeys(bucket, 'media/');
    expect(objects.map((name) => name.slice(-64)).sort()).toEqual(
      [sha256(png), sha256(jpg), sha256(video)].sort(),
    );
    for (const env of [envA, envB]) expect(existsSync(join(env.SVC_DATA_DIR, 'media'))).toBe(false);

    // Posts with both, made through B (which makes the JPEG copy Instagram needs from the PNG A
    // stored) and published by B's publisher (which reads the video from the bucket for TikTok).
    const posts = [
      {
        platforms: ['instagram'],
        profileIds: [instagram],
        caption: 'From A',
        mediaId: uploaded.body.mediaId,
      },
      {
        platforms: ['tiktok'],
        profileIds: [tiktok],
        caption: 'Through A, out of B',
        title: 'Duo',
        mediaId: target.body.mediaId,
        platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      },
    ];
    const ids: string[] = [];
    for (const post of posts) {
      const created = await call(b, '/api/v1/publish', { method: 'POST', json: post });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids.push(created.body.postIds[0]);
    }
    const settled = async (postId: string) => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const { body } = await call(a, `/api/v1/posts/${postId}`);
        if (body.status === 'posted' || body.status === 'failed') return body;
        if (Date.now() > deadline) throw new Error(`post ${postId} still ${body.status}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const [photoPost, videoPost] = await Promise.all(ids.map(settled));
    expect(photoPost).toMatchObject({ status: 'posted', failedReason: null });
    expect(videoPost).toMatchObject({ status: 'posted', failedReason: null });
    // The JPEG copy B made is in the bucket too, and A serves it.
    const copy = photoPost.media[0];
    expect(copy.mediaId).toBe(uploaded.body.mediaId);
    expect(copy.platformMediaId).toMatch(/^media_/);
    const jpeg = await bytesVia(a, copy.url);
    expect((await sharp(jpeg.bytes).metadata()).format).toBe('jpeg');
    expect(await moto().objectKeys(bucket, 'media/')).toContain(
      `media/${sha256(jpeg.bytes).slice(0, 2)}/${sha256(jpeg.bytes).slice(2, 4)}/${sha256(jpeg.bytes)}`,
    );
  }, 120_000);
});
