import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createSvcClient, paginate, WaitForPostTimeoutError } from '../src/index.js';
import { useLoopback } from './loopback-server.js';

// Pagination, waiting for a post and uploads against a real HTTP server on loopback.
const loopback = useLoopback();
const dir = mkdtempSync(join(tmpdir(), 'svc-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pagination', () => {
  it('follows nextCursor through every page of posts, with the filters on each request', async () => {
    const pages: Record<string, { posts: { id: string; status: string }[]; nextCursor: string | null }> = {
      '': {
        posts: [
          { id: 'p1', status: 'posted' },
          { id: 'p2', status: 'posted' },
        ],
        nextCursor: 'c1',
      },
      c1: { posts: [{ id: 'p3', status: 'posted' }], nextCursor: 'c2' },
      c2: { posts: [], nextCursor: null },
    };
    const server = await loopback((req) => {
      const url = new URL(req.url, 'http://x');
      return { status: 200, json: pages[url.searchParams.get('cursor') ?? ''] };
    });
    const client = createSvcClient({ baseUrl: `${server.url}/`, apiKey: 'k' });
    const ids: string[] = [];
    for await (const post of client.posts.list({ status: 'posted', limit: 2 })) ids.push(post.id);
    expect(ids).toEqual(['p1', 'p2', 'p3']);
    expect(server.received.map((r) => r.url)).toEqual([
      '/api/v1/posts?status=posted&limit=2',
      '/api/v1/posts?status=posted&limit=2&cursor=c1',
      '/api/v1/posts?status=posted&limit=2&cursor=c2',
    ]);
  });

  it('fetches only the pages the caller reads, and lists media the same way', async () => {
    const server = await loopback((req) => ({
      status: 200,
      json: { media: [{ id: req.url.includes('cursor') ? 'm2' : 'm1' }], nextCursor: 'more' },
    }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    for await (const item of client.media.list()) {
      expect(item.id).toBe('m1');
      break;
    }
    expect(server.received).toHaveLength(1);
  });

  it('stops with an error instead of looping on a repeated cursor', async () => {
    const read = async () => {
      for await (const _ of paginate(async () => ({ items: [1], nextCursor: 'same' })));
    };
    await expect(read()).rejects.toThrow(/same cursor twice/);
  });
});

describe('waitForPost', () => {
  it('polls with growing pauses until the post is posted, and resolves with it', async () => {
    const server = await loopback((_req, i) => ({
      status: 200,
      json: { id: 'post_1', status: i < 3 ? 'scheduled' : 'posted', permalink: 'https://x/1' },
    }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    const post = await client.waitForPost('post_1', { intervalMs: 50, maxIntervalMs: 150 });
    expect(post).toMatchObject({ status: 'posted', permalink: 'https://x/1' });
    const gaps = server.received.slice(1).map((r, i) => r.at - (server.received[i]?.at ?? 0));
    expect(gaps).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(145);
  });

  it('resolves with a failed post, times out with the last state, and stops when aborted', async () => {
    const failed = await loopback(() => ({
      status: 200,
      json: { id: 'p', status: 'failed', failedReason: 'x' },
    }));
    expect(await createSvcClient({ baseUrl: failed.url, apiKey: 'k' }).waitForPost('p')).toMatchObject({
      status: 'failed',
    });

    const stuck = await loopback(() => ({ status: 200, json: { id: 'p', status: 'scheduled' } }));
    const client = createSvcClient({ baseUrl: stuck.url, apiKey: 'k' });
    const timedOut = await client
      .waitForPost('p', { timeoutMs: 120, intervalMs: 40 })
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(WaitForPostTimeoutError);
    expect((timedOut as WaitForPostTimeoutError<{ status: string }>).post.status).toBe('scheduled');

    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('enough')), 50);
    await expect(client.waitForPost('p', { signal: controller.signal })).rejects.toThrow('enough');
  });

  it('throws SvcApiError when the post is not there', async () => {
    const server = await loopback(() => ({
      status: 404,
      json: { error: 'Post post_9 not found.', code: 'post_not_found' },
    }));
    await expect(
      createSvcClient({ baseUrl: server.url, apiKey: 'k' }).waitForPost('post_9'),
    ).rejects.toMatchObject({
      name: 'SvcApiError',
      status: 404,
      code: 'post_not_found',
    });
  });
});

describe('uploadMedia', () => {
  const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
  const uploaded = { success: true, mediaId: 'media_1', url: 'http://x/media/media_1' };

  /** The `file` part of a multipart body: its headers and bytes. */
  function filePart(req: { headers: Record<string, unknown>; body: Buffer }) {
    const boundary = /boundary=(.+)$/.exec(String(req.headers['content-type']))?.[1] ?? '';
    const start = req.body.indexOf('\r\n\r\n') + 4;
    const end = req.body.lastIndexOf(`\r\n--${boundary}--`);
    return { head: req.body.subarray(0, start).toString(), bytes: req.body.subarray(start, end) };
  }

  it('streams a file path, a Node Readable and a web stream as the multipart part `file`', async () => {
    const server = await loopback(() => ({ status: 200, json: uploaded }));
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    const path = join(dir, 'photo "1".jpg');
    writeFileSync(path, bytes);

    expect(await client.uploadMedia(path, { contentType: 'image/jpeg' })).toEqual(uploaded);
    await client.uploadMedia(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      filename: 'a.mp4',
    });
    await client.uploadMedia(new Blob([bytes]).stream());

    const [fromPath, fromReadable, fromWeb] = server.received.map((r) => ({ req: r, part: filePart(r) }));
    expect(fromPath?.req).toMatchObject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { authorization: 'Bearer k' },
    });
    // Streamed: no length known up front.
    expect(fromPath?.req.headers['transfer-encoding']).toBe('chunked');
    expect(fromPath?.part.head).toContain('name="file"; filename="photo _1_.jpg"');
    expect(fromPath?.part.head).toContain('Content-Type: image/jpeg');
    expect(fromReadable?.part.head).toContain('filename="a.mp4"');
    expect(fromWeb?.part.head).toContain('filename="upload"');
    for (const sent of [fromPath, fromReadable, fromWeb]) expect(sent?.part.bytes.equals(bytes)).toBe(true);
  });

  it('puts the raw bytes to an upload link when asked', async () => {
    const server = await loopback((req) =>
      req.url === '/api/v1/media/upload'
        ? {
            status: 201,
            json: {
              mediaId: 'media_2',
              uploadUrl: `http://127.0.0.1:${req.headers.host?.split(':')[1]}/media/uploads/media_2?expires=1&signature=s`,
              method: 'PUT',
              expiresAt: '2030-01-01T00:00:00Z',
              maxBytes: 1e9,
            },
          }
        : { status: 200, json: { ...uploaded, mediaId: 'media_2', contentType: 'video/mp4', sizeBytes: 1 } },
    );
    const client = createSvcClient({ baseUrl: server.url, apiKey: 'k' });
    const result = await client.uploadMedia(new Uint8Array(bytes), {
      via: 'upload-link',
      contentType: 'video/mp4',
    });
    expect(result.mediaId).toBe('media_2');
    const [target, put] = server.received;
    expect(target).toMatchObject({ method: 'POST', url: '/api/v1/media/upload' });
    expect(put).toMatchObject({ method: 'PUT', url: '/media/uploads/media_2?expires=1&signature=s' });
    expect(put?.headers['content-type']).toBe('video/mp4');
    expect(put?.body.equals(bytes)).toBe(true);
  });

  it('throws SvcApiError with the service code when the upload is refused', async () => {
    const server = await loopback(() => ({
      status: 400,
      json: {
        error: 'HEIC is not accepted.',
        code: 'unsupported_media_type',
        details: { type: 'image/heic' },
      },
    }));
    await expect(
      createSvcClient({ baseUrl: server.url, apiKey: 'k' }).uploadMedia(new Uint8Array([1, 2, 3])),
    ).rejects.toMatchObject({ status: 400, code: 'unsupported_media_type', details: { type: 'image/heic' } });
  });
});
