import { request as httpRequest } from 'node:http';
import type { User } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let user: User;
let key: string;
const MB = 1024 * 1024;
const text = (s: string) => new TextEncoder().encode(s);

beforeEach(async () => {
  app = await startTestApp();
  ({ user, key } = await app.userWithKey({ scopes: ['media:write', 'post:write', 'post:read'] }));
});
afterEach(async () => {
  await app.close();
});

const jpeg = (s: string) =>
  app.media.inspector.describe(text(s), { contentType: 'image/jpeg', width: 1080, height: 1350 });
const form = (bytes: Uint8Array, field = 'file') => {
  const data = new FormData();
  data.append(field, new Blob([bytes]), 'upload.bin');
  return data;
};
const upload = async (body: FormData, k = key) => {
  const res = await app.fetch('/api/v1/media', { method: 'POST', key: k, body });
  return { status: res.status, body: await readJson(res) };
};
const linkParts = (url: string) => new URL(url);

describe('POST /api/v1/media', () => {
  it('stores the file part and answers {success, url, mediaId}', async () => {
    const res = await upload(form(jpeg('a photo')));
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        mediaId: expect.stringMatching(/^media_/),
        url: expect.stringMatching(/^https:\/\/svc\.test\/media\/media_/),
      },
    });
    expect(await app.store.media.getMediaAsset(res.body.mediaId)).toMatchObject({
      ownerId: user.id,
      contentType: 'image/jpeg',
    });
  });

  it('missing_file (400) without a part named file', async () => {
    expect(await upload(form(jpeg('x'), 'photo'))).toMatchObject({
      status: 400,
      body: { code: 'missing_file' },
    });
  });

  it('file_too_large (413) past 50 MB, keeping nothing', async () => {
    expect(await upload(form(new Uint8Array(50 * MB + 1)))).toMatchObject({
      status: 413,
      body: { code: 'file_too_large' },
    });
    expect(app.media.blobs.keys()).toEqual([]);
  });

  it('unsupported_media_type (400) for bytes that are not accepted media', async () => {
    expect(await upload(form(text('plain text')))).toMatchObject({
      status: 400,
      body: { code: 'unsupported_media_type' },
    });
  });

  it('unsupported_content_type (415) for a body that is not multipart', async () => {
    const res = await app.fetch('/api/v1/media', { method: 'POST', key, json: { file: 'x' } });
    expect(res.status).toBe(415);
  });

  it('upload_plan_required (403) for an expired plan and insufficient_scope without media:write', async () => {
    const expired = await app.userWithKey({ plan: 'expired', scopes: ['media:write'] });
    expect(await upload(form(jpeg('x')), expired.key)).toMatchObject({
      status: 403,
      body: { code: 'upload_plan_required' },
    });
    const reader = await app.keyFor(user, ['post:read']);
    expect(await upload(form(jpeg('x')), reader)).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
  });

  it('storage_quota_exceeded (403) when the file would pass the storage quota', async () => {
    const trial = await app.userWithKey({ plan: 'trial', scopes: ['media:write'] });
    const limit = app.core.planLimits.trial.storageBytes;
    await app.store.media.addMediaAsset(
      {
        id: 'media_filler',
        ownerId: trial.user.id,
        status: 'active',
        contentType: 'image/png',
        sizeBytes: limit - 3,
        width: 1,
        height: 1,
        durationMs: null,
        blobKey: 'f'.repeat(64),
        sourceUrl: null,
        createdAt: new Date(),
      },
      { storageLimitBytes: limit, sourceUrl: null },
    );
    expect(await upload(form(jpeg('four')), trial.key)).toMatchObject({
      status: 403,
      body: { code: 'storage_quota_exceeded' },
    });
  });

  it('keeps nothing when the client disconnects mid-upload', async () => {
    const boundary = 'svcboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${app.url}/api/v1/media`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(10 * MB),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(256 * 1024, 7), () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    for (let i = 0; i < 100 && !app.logs.some((l) => l.fields.path === '/api/v1/media'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(app.logs.some((l) => l.fields.path === '/api/v1/media')).toBe(true);
    expect(app.media.blobs.keys()).toEqual([]);
    expect(await app.store.media.getStorageUsed(user.id)).toBe(0);
  });
});

describe('POST /api/v1/media/from-url', () => {
  const importUrl = async (url: unknown) => {
    const res = await app.fetch('/api/v1/media/from-url', { method: 'POST', key, json: { url } });
    return { status: res.status, body: await readJson(res) };
  };

  it('imports a link (201) and returns the same media for the same link', async () => {
    app.media.fetcher.serve('https://cdn.example.com/p.jpg', jpeg('remote'));
    const first = await importUrl('https://cdn.example.com/p.jpg');
    expect(first).toEqual({
      status: 201,
      body: {
        success: true,
        mediaId: expect.stringMatching(/^media_/),
        url: expect.any(String),
        contentType: 'image/jpeg',
        sizeBytes: 6,
      },
    });
    expect((await importUrl('https://cdn.example.com/p.jpg')).body.mediaId).toBe(first.body.mediaId);
  });

  it.each([
    [{ kind: 'blocked_address', detail: '10.0.0.1' }, 'media_url_blocked'],
    [{ kind: 'http_status', status: 500 }, 'media_url_unreachable'],
    [{ kind: 'too_large', maxBytes: 50 * MB }, 'media_url_too_large'],
  ] as const)('answers 422 for %j', async (refusal, code) => {
    app.media.fetcher.serve('https://cdn.example.com/bad', refusal);
    expect(await importUrl('https://cdn.example.com/bad')).toMatchObject({ status: 422, body: { code } });
  });

  it('answers 422 for a page that is not a file and for a share page, with instructions', async () => {
    app.media.fetcher.serve(
      'https://cdn.example.com/page',
      app.media.inspector.describe(text('<html>'), { contentType: 'text/html' }),
    );
    expect(await importUrl('https://cdn.example.com/page')).toMatchObject({
      status: 422,
      body: { code: 'media_url_not_a_file' },
    });
    const share = await importUrl('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp_qr-St/view?usp=sharing');
    expect(share).toMatchObject({ status: 422, body: { code: 'media_url_share_page' } });
    expect(share.body.error).toContain(
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp_qr-St',
    );
  });

  it('validation_failed (400) without an https link', async () => {
    expect(await importUrl(undefined)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });
});

describe('upload targets', () => {
  const target = async () => readJson(await app.fetch('/api/v1/media/upload', { method: 'POST', key }));

  it('hands out a signed PUT link that turns its bytes into the promised media', async () => {
    const t = await target();
    expect(t).toEqual({
      mediaId: expect.stringMatching(/^media_/),
      uploadUrl: expect.stringMatching(
        /^https:\/\/svc\.test\/media\/uploads\/media_\w+\?expires=\d+&signature=/,
      ),
      method: 'PUT',
      expiresAt: '2026-01-15T12:15:00.000Z',
      maxBytes: 50 * MB,
    });
    const link = linkParts(t.uploadUrl);
    const put = await fetch(`${app.url}${link.pathname}${link.search}`, {
      method: 'PUT',
      body: jpeg('bytes later'),
    });
    expect({ status: put.status, body: await readJson(put) }).toEqual({
      status: 200,
      body: {
        success: true,
        mediaId: t.mediaId,
        url: expect.any(String),
        contentType: 'image/jpeg',
        sizeBytes: 11,
      },
    });
    const again = await fetch(`${app.url}${link.pathname}${link.search}`, {
      method: 'PUT',
      body: jpeg('bytes later'),
    });
    expect(again.status).toBe(409);
  });

  it('refuses tampered and expired upload links (403), and announced sizes over the limit (413)', async () => {
    const link = linkParts((await target()).uploadUrl);
    const last = link.pathname.slice(-1);
    const tampered = `${app.url}${link.pathname.slice(0, -1)}${last === '0' ? '1' : '0'}${link.search}`;
    expect((await fetch(tampered, { method: 'PUT', body: jpeg('x') })).status).toBe(403);
    // Only the headers are sent: the size is refused before any byte is read.
    const announced = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${app.url}${link.pathname}${link.search}`, {
        method: 'PUT',
        headers: { 'Content-Length': String(60 * MB) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(announced).toBe(413);
    app.clock.advance(15 * 60 * 1000);
    const expired = await fetch(`${app.url}${link.pathname}${link.search}`, {
      method: 'PUT',
      body: jpeg('x'),
    });
    expect({ status: expired.status, code: (await readJson(expired)).code }).toEqual({
      status: 403,
      code: 'invalid_upload_link',
    });
  });
});

describe('serving media', () => {
  let link: URL;
  const body = text('0123456789abcdefghij');
  beforeEach(async () => {
    app.media.inspector.describe(body, { contentType: 'image/png', width: 2, height: 2 });
    link = linkParts((await upload(form(body))).body.url);
  });
  const get = (
    headers: Record<string, string> = {},
    method = 'GET',
    path = `${link.pathname}${link.search}`,
  ) => fetch(`${app.url}${path}`, { method, headers });

  it('serves the bytes with their type and length', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe('20');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe('0123456789abcdefghij');
  });

  it('serves byte ranges (206), refuses impossible ones (416), and answers HEAD without a body', async () => {
    const part = await get({ Range: 'bytes=5-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 5-9/20');
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('56789');
    const tail = await get({ Range: 'bytes=-3' });
    expect(new TextDecoder().decode(await tail.arrayBuffer())).toBe('hij');
    const outside = await get({ Range: 'bytes=30-40' });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */20');
    const head = await get({}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('20');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses tampered and expired links (403)', async () => {
    const tampered = `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
    expect((await get({}, 'GET', tampered)).status).toBe(403);
    const longer = `${link.pathname}?expires=${Number(link.searchParams.get('expires')) + 60}&signature=${link.searchParams.get('signature')}`;
    expect((await get({}, 'GET', longer)).status).toBe(403);
    app.clock.advance(3601 * 1000);
    const res = await get();
    expect({ status: res.status, code: (await readJson(res)).code }).toEqual({
      status: 403,
      code: 'invalid_media_link',
    });
  });
});
