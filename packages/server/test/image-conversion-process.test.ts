import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMotoServer } from '../../media/test/moto-server.js';
import { freePort, type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

// PNG, WebP and GIF photos through a real `svc serve` process to the Instagram and TikTok
// simulators, which take only JPEG (TikTok also WebP), as the real platforms do: the service makes
// JPEG copies for the platform and leaves the originals as they were uploaded. Media on disk, then
// in an S3-compatible server (moto) on loopback.
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const dataDir = useDataDirs();
const moto = useMotoServer();

/** A 1080x1350 picture (4:5, which Instagram takes), with a translucent half for PNG. */
async function picture(format: 'png' | 'webp' | 'gif'): Promise<Buffer> {
  const base = sharp({
    create: { width: 1080, height: 1350, channels: 4, background: { r: 40, g: 90, b: 160, alpha: 0.6 } },
  });
  if (format === 'png') return base.png().toBuffer();
  if (format === 'webp') return base.webp({ quality: 80 }).toBuffer();
  const frames = await Promise.all(
    [0, 120, 240].map((hue) =>
      sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#3366aa' } })
        .modulate({ hue })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
}

describe.each(['disk', 's3'] as const)(
  'images converted per platform, through svc serve, media on %s',
  (storage) => {
    let server: ServerProcess;
    let origin: Server;
    let originUrl = '';
    let key = '';
    let bucket: string | null = null;
    const accounts: Record<string, string> = {};
    const files: Record<string, Buffer> = {};

    beforeAll(async () => {
      for (const format of ['png', 'webp', 'gif'] as const) files[format] = await picture(format);
      files.link = await sharp(files.png).modulate({ hue: 60 }).png().toBuffer();
      origin = createServer((req, res) => {
        if (req.url === '/shot.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(files.link);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
      originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;

      const port = await freePort();
      if (storage === 's3') bucket = await moto().createBucket();
      const env = {
        SVC_DATA_DIR: dataDir(),
        PORT: String(port),
        SVC_BASE_URL: `http://127.0.0.1:${port}`,
        SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
        SVC_PUBLISHER_INTERVAL_MS: '1000',
        ...(bucket === null ? {} : moto().serverEnv(bucket)),
      };
      server = await startServerProcess(env);
      const cli = (args: string[]) => svcProcess(args, env);
      await cli(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid']);
      for (const platform of ['instagram', 'tiktok']) {
        accounts[platform] = (
          await cli([
            'accounts',
            'connect-sandbox',
            '--email',
            'ann@example.com',
            '--platform',
            platform,
            '--handle',
            `ann_${platform}`,
          ])
        ).json.id;
      }
      key = (await cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'])).json.key;
    }, 60_000);
    afterAll(async () => {
      await server?.stop('SIGKILL');
      await new Promise((resolve) => origin?.close(resolve));
    });

    const call = async (path: string, json?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const res = await fetch(`${server.url}/api/v1/media`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        body: form,
      });
      return (await res.json()) as { mediaId: string; url: string };
    };
    const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
    const settled = async (postId: string) => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const { body } = await call(`/api/v1/posts/${postId}`);
        if (body.status === 'posted' || body.status === 'failed') return body;
        if (Date.now() > deadline) throw new Error(`post ${postId} still ${body.status}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    it('publishes PNG, WebP and GIF uploads and a PNG link to Instagram and as TikTok photo sets', async () => {
      const uploads = {
        png: await upload(files.png as Buffer, 'photo.png'),
        webp: await upload(files.webp as Buffer, 'photo.webp'),
        gif: await upload(files.gif as Buffer, 'photo.gif'),
      };
      const tiktok = { title: 'Photos', platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } } };
      const requests = [
        ...Object.entries(uploads).map(([format, u]) => ({
          platforms: ['instagram'],
          profileIds: [accounts.instagram],
          caption: `A ${format} on Instagram`,
          mediaId: u.mediaId,
        })),
        {
          platforms: ['instagram'],
          profileIds: [accounts.instagram],
          caption: 'A PNG link on Instagram',
          mediaUrls: [`${originUrl}/shot.png`],
        },
        {
          ...tiktok,
          platforms: ['tiktok'],
          profileIds: [accounts.tiktok],
          caption: 'Three formats on TikTok',
          mediaIds: [uploads.png.mediaId, uploads.webp.mediaId, uploads.gif.mediaId],
        },
        {
          ...tiktok,
          platforms: ['tiktok'],
          profileIds: [accounts.tiktok],
          caption: 'A PNG link on TikTok',
          mediaUrls: [`${originUrl}/shot.png`],
        },
      ];
      const created = [];
      for (const request of requests) {
        const answer = await call('/api/v1/publish', request);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        created.push(answer.body.postIds[0] as string);
      }
      const posts = await Promise.all(created.map(settled));
      for (const post of posts)
        expect(post, JSON.stringify(post)).toMatchObject({ status: 'posted', failedReason: null });

      // What each platform got, slide by slide: the original as the caller gave it, with a JPEG
      // copy for the platform, except the WebP on TikTok, which TikTok takes as it is.
      const [igPng, igWebp, igGif, igLink, tiktokSet, tiktokLink] = posts;
      const formatOf = async (url: string) => (await sharp(await bytesAt(url)).metadata()).format;
      for (const [post, original] of [
        [igPng, uploads.png.mediaId],
        [igWebp, uploads.webp.mediaId],
        [igGif, uploads.gif.mediaId],
      ] as const) {
        expect(post.media).toEqual([
          {
            mediaId: original,
            url: expect.any(String),
            platformMediaId: expect.stringMatching(/^media_/),
            derivedFrom: original,
          },
        ]);
        expect(post.mediaIds).toEqual([original]);
        expect(await formatOf(post.media[0].url)).toBe('jpeg');
      }
      expect(tiktokSet.mediaIds).toEqual([uploads.png.mediaId, uploads.webp.mediaId, uploads.gif.mediaId]);
      expect(
        tiktokSet.media.map((m: { platformMediaId: string | null }) => m.platformMediaId !== null),
      ).toEqual([true, false, true]);
      expect(await Promise.all(tiktokSet.media.map((m: { url: string }) => formatOf(m.url)))).toEqual([
        'jpeg',
        'webp',
        'jpeg',
      ]);
      for (const post of [igLink, tiktokLink]) {
        expect(post.media[0].mediaId).toEqual(expect.stringMatching(/^media_/));
        expect(post.media[0].platformMediaId).toEqual(expect.stringMatching(/^media_/));
        expect(await formatOf(post.media[0].url)).toBe('jpeg');
      }
      // The copy made for Instagram serves TikTok too: one JPEG per original.
      expect(tiktokSet.media[0].platformMediaId).toBe(igPng.media[0].platformMediaId);

      // The originals are untouched and served byte for byte as uploaded.
      for (const format of ['png', 'webp', 'gif'] as const) {
        expect(sha256(await bytesAt(uploads[format].url))).toBe(sha256(files[format] as Buffer));
      }
      // In S3: three uploads, the imported link and the four JPEG copies, as objects.
      if (bucket !== null) expect(await moto().objectKeys(bucket, 'media/')).toHaveLength(8);
    }, 120_000);
  },
);
