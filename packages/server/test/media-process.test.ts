import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMotoServer } from '../../media/test/moto-server.js';
import { type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

// The media endpoints through a real `svc serve` process: real SQLite, media as real files on disk
// or in a real S3-compatible server (moto) on loopback, the real inspector and fetcher. Outside
// links are served by a plain HTTP server on loopback, which the server may reach only with
// SVC_UNSAFE_ALLOW_PRIVATE_FETCH=1.
const FIXTURES = join(import.meta.dirname, '../../media/test/fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const dataDir = useDataDirs();
const moto = useMotoServer();
// Each test starts a server and runs several CLI processes: slower than the default limit on a
// busy machine.
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

let origin: Server;
let originUrl: string;
beforeAll(async () => {
  const files: Record<string, [Buffer, string]> = {
    '/photo.txt': [fixture('image.png'), 'text/plain'],
    '/copy.png': [fixture('image.png'), 'image/png'],
    '/page.html': [fixture('page.html'), 'text/html'],
    '/clip.mp4': [fixture('video.mp4'), 'video/mp4'],
  };
  origin = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': file[1], 'Content-Length': file[0].byteLength }).end(file[0]);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => origin.close(resolve)));

type Storage = 'disk' | 's3';

async function serve(storage: Storage, given: Record<string, string>) {
  const dir = dataDir();
  const bucket = storage === 's3' ? await moto().createBucket() : null;
  const env = { ...(bucket === null ? {} : moto().serverEnv(bucket)), ...given };
  const server = await startServerProcess({ SVC_DATA_DIR: dir, ...env });
  running.push(server);
  const cli = (args: string[]) => svcProcess(args, { SVC_DATA_DIR: dir, ...env });
  await cli(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid']);
  const connect = async (platform: string) =>
    (
      await cli([
        'accounts',
        'connect-sandbox',
        '--email',
        'ann@example.com',
        '--platform',
        platform,
        '--handle',
        `${platform}-demo`,
      ])
    ).json.id as string;
  const [instagram, tiktok, facebook] = [
    await connect('instagram'),
    await connect('tiktok'),
    await connect('facebook'),
  ];
  const key = (await cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'])).json
    .key as string;
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('Authorization', `Bearer ${key}`);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    const res = await fetch(`${server.url}${path}`, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    const type = res.headers.get('content-type') ?? '';
    const body: any = type.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body };
  };
  const uploadFile = (bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'upload.bin');
    return call('/api/v1/media', { method: 'POST', body: form });
  };
  // Links are absolute under SVC_BASE_URL (http://localhost:PORT); fetch them from the server.
  const local = (link: string) => `${server.url}${new URL(link).pathname}${new URL(link).search}`;
  // The stored blobs, wherever the server keeps them.
  const blobs = async () =>
    bucket === null
      ? readdirSync(join(dir, 'media'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && /^[0-9a-f]{64}$/.test(e.name))
          .map((e) => e.name)
      : (await moto().objectKeys(bucket, 'media/')).filter((name) => /\/[0-9a-f]{64}$/.test(name));
  // Whatever an abandoned upload could have left: temp files, unfinished multipart uploads.
  const leftovers = async () => {
    const tmp = join(dir, bucket === null ? 'media' : 'media-cache', 'tmp');
    const temps = statSync(tmp, { throwIfNoEntry: false }) === undefined ? [] : readdirSync(tmp);
    return bucket === null ? temps : [...temps, ...(await moto().unfinishedUploads(bucket))];
  };
  return { dir, server, key, instagram, tiktok, facebook, call, uploadFile, local, blobs, leftovers };
}

describe.each(['disk', 's3'] as const)('media through the real server, stored on %s', (storage) => {
  it('uploads, serves with ranges, sniffs types, deduplicates and pads', async () => {
    const s = await serve(storage, { SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1' });

    const png = fixture('image.png');
    const uploaded = await s.uploadFile(png);
    expect(uploaded).toMatchObject({
      status: 200,
      body: { success: true, mediaId: expect.stringMatching(/^media_/) },
    });
    const served = await fetch(s.local(uploaded.body.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const part = await fetch(s.local(uploaded.body.url), { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);

    // A PNG served as photo.txt with text/plain is a PNG; the same bytes from another link, or
    // uploaded, are the same media and one file on disk.
    const sniffed = await s.call('/api/v1/media/from-url', {
      method: 'POST',
      json: { url: `${originUrl}/photo.txt` },
    });
    expect(sniffed).toMatchObject({
      status: 201,
      body: { mediaId: uploaded.body.mediaId, contentType: 'image/png', sizeBytes: png.byteLength },
    });
    const again = await s.call('/api/v1/media/from-url', {
      method: 'POST',
      json: { url: `${originUrl}/copy.png` },
    });
    expect(again.body.mediaId).toBe(uploaded.body.mediaId);
    expect(await s.blobs()).toHaveLength(1);

    expect(
      await s.call('/api/v1/media/from-url', { method: 'POST', json: { url: `${originUrl}/page.html` } }),
    ).toMatchObject({
      status: 422,
      body: { code: 'media_url_not_a_file' },
    });
    expect(
      await s.call('/api/v1/media/from-url', { method: 'POST', json: { url: `${originUrl}/missing.jpg` } }),
    ).toMatchObject({
      status: 422,
      body: { code: 'media_url_unreachable' },
    });
    expect(await s.uploadFile(fixture('image.heic'))).toMatchObject({
      status: 400,
      body: { code: 'unsupported_media_type' },
    });

    // A photo set of two sizes: the second photo is padded to the first one's size.
    const tall = await s.uploadFile(
      await sharp({ create: { width: 400, height: 500, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer(),
    );
    const square = await s.uploadFile(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#993366' } })
        .jpeg()
        .toBuffer(),
    );
    const created = await s.call('/api/v1/posts', {
      method: 'POST',
      json: {
        platforms: ['instagram'],
        profileIds: [s.instagram],
        caption: 'Set',
        mediaIds: [tall.body.mediaId, square.body.mediaId],
        scheduledTime: '2030-01-01T09:00:00Z',
      },
    });
    expect(created.body).toMatchObject({ status: 'scheduled' });
    expect(created.body.warnings.map((w: { code: string }) => w.code)).toContain('mixed_image_sizes');
    const post = await s.call(`/api/v1/posts/${created.body.postIds[0]}`);
    const slides = await Promise.all(
      post.body.mediaUrls.map(async (u: string) =>
        sharp(Buffer.from(await (await fetch(s.local(u))).arrayBuffer())).metadata(),
      ),
    );
    expect(slides.map((m) => [m.format, m.width, m.height])).toEqual([
      ['jpeg', 400, 500],
      ['jpeg', 400, 500],
    ]);
    expect(new URL(post.body.mediaUrls[1]).pathname).not.toContain(square.body.mediaId);
    const original = await fetch(s.local(square.body.url));
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(300);

    // Facebook cannot publish from a link: it is downloaded now, and the post refers to the copy;
    // the same link for Instagram stays a link.
    const both = await s.call('/api/v1/posts', {
      method: 'POST',
      json: {
        platforms: ['facebook', 'instagram'],
        profileIds: [s.facebook, s.instagram],
        caption: 'Clip',
        mediaUrls: [`${originUrl}/clip.mp4`],
        scheduledTime: '2030-01-01T09:00:00Z',
      },
    });
    expect(both.body).toMatchObject({ status: 'scheduled' });
    const [facebookRow, instagramRow] = await Promise.all(
      both.body.postIds.map((id: string) => s.call(`/api/v1/posts/${id}`)),
    );
    expect(new URL(facebookRow.body.mediaUrls[0]).pathname).toMatch(/^\/media\/media_/);
    expect(instagramRow.body.mediaUrls).toEqual([`${originUrl}/clip.mp4`]);
    // And the policy sees what the file turned out to be: a 1 s clip is too short for TikTok.
    const tooShort = await s.call('/api/v1/posts', {
      method: 'POST',
      json: {
        platforms: ['tiktok'],
        profileIds: [s.tiktok],
        caption: 'x',
        title: 'x',
        mediaUrls: [`${originUrl}/clip.mp4`],
        platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
      },
    });
    expect(tooShort).toMatchObject({ status: 400, body: { code: 'video_too_short' } });
    expect(
      await s.call('/api/v1/posts', {
        method: 'POST',
        json: {
          platforms: ['tiktok'],
          profileIds: [s.tiktok],
          caption: 'x',
          title: 'x',
          mediaUrls: [`${originUrl}/gone.mp4`],
          platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
        },
      }),
    ).toMatchObject({ status: 422, body: { code: 'media_url_unreachable' } });
  }, 60_000);

  it('takes bytes on an upload link, and keeps nothing of an upload the client abandons', async () => {
    const s = await serve(storage, {});
    const target = await s.call('/api/v1/media/upload', { method: 'POST' });
    const put = await fetch(s.local(target.body.uploadUrl), { method: 'PUT', body: fixture('video.mp4') });
    expect({ status: put.status, body: await put.json() }).toMatchObject({
      status: 200,
      body: {
        mediaId: target.body.mediaId,
        contentType: 'video/mp4',
        sizeBytes: fixture('video.mp4').byteLength,
      },
    });

    const before = await s.blobs();
    await new Promise<void>((resolve) => {
      const boundary = 'b0undary';
      const req = httpRequest(`${s.server.url}/api/v1/media`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${s.key}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(20 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n\r\n`);
      req.write(Buffer.alloc(2 * 1024 * 1024, 1), () => setTimeout(() => req.destroy(), 100));
    });
    for (let i = 0; i < 50 && !s.server.logs.some((l) => l.path === '/api/v1/media'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(s.server.logs.some((l) => l.path === '/api/v1/media')).toBe(true);
    expect(await s.blobs()).toEqual(before);
    expect(await s.leftovers()).toEqual([]);
  }, 60_000);
});

describe('media links redirected to S3', () => {
  it('answers a signed link with a presigned S3 GET when SVC_MEDIA_REDIRECT is on, after checking it', async () => {
    const s = await serve('s3', { SVC_MEDIA_REDIRECT: 'on' });
    const png = fixture('image.png');
    const { body } = await s.uploadFile(png);
    const link = new URL(s.local(body.url));
    const answer = await fetch(link, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.origin).toBe(moto().endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(location.searchParams.get('response-content-type')).toBe('image/png');
    // The bytes come from the bucket, ranges included; HEAD is still answered by the server.
    expect(Buffer.from(await (await fetch(link)).arrayBuffer()).equals(png)).toBe(true);
    const part = await fetch(link, { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);
    const head = await fetch(link, { method: 'HEAD', redirect: 'manual' });
    expect({ status: head.status, type: head.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/png',
    });
    // A forged link is refused before any redirect.
    link.searchParams.set('signature', 'x'.repeat(43));
    const forged = await fetch(link, { redirect: 'manual' });
    expect({ status: forged.status, body: await forged.json() }).toMatchObject({
      status: 403,
      body: { code: 'invalid_media_link' },
    });
  }, 60_000);
});

describe('media links refused by the real server', () => {
  it('refuses private addresses when the unsafe switch is off', async () => {
    const s = await serve('disk', {});
    for (const url of [
      `${originUrl}/copy.png`,
      `https://127.0.0.1:${new URL(originUrl).port}/copy.png`,
      'https://[::1]/copy.png',
      'https://[::ffff:127.0.0.1]/copy.png',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/x.jpg',
      'https://localhost/x.jpg',
    ]) {
      const res = await s.call('/api/v1/media/from-url', { method: 'POST', json: { url } });
      expect({ url, status: res.status, code: res.body.code }).toEqual({
        url,
        status: 422,
        code: 'media_url_blocked',
      });
    }
  }, 60_000);
});
