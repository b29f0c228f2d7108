import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './launch-chromium.js';
import { parsePrometheusText, sampleSum } from './prometheus-text.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 33, "Light pages": 20 posts, each with its own ~19 MB photo, and every console page that
// shows media loads at most 200 KB of images in Chromium, because previews are thumbnails made once
// per image and size, kept by the browser for good. Screenshots go to test-artifacts/image-weight.
const ARTIFACTS = join(import.meta.dirname, '../test-artifacts/image-weight');
const EMAIL = 'ann@example.com';
const PASSWORD = 'a console password';
const POSTS = 20;
const PAGE_BUDGET_BYTES = 200 * 1024;

/**
 * Noise does not compress: a 2600 x 2600 JPEG of it at quality 100 weighs about 19.8 MB, under
 * TikTok's 20 MB limit so no smaller copy is made for the platform. Encoding one takes seconds, so
 * the 20 files share its pixels and differ by a comment segment (JPEG's COM) after the start
 * marker: 20 distinct blobs, 20 distinct thumbnails to make.
 */
async function bigPhotos(count: number): Promise<Buffer[]> {
  const [width, height] = [2600, 2600];
  const noise = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return Array.from({ length: count }, (_, i) => {
    const text = Buffer.from(`photo ${i + 1} of ${count}`);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(text.length + 2);
    return Buffer.concat([noise.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, noise.subarray(2)]);
  });
}

/** What the images of one page visit cost: bytes received, and the answers by status. */
type ImageTraffic = { bytes: number; requests: { url: string; status: number; bytes: number }[] };

describe('console pages with 20 MB originals stay light', () => {
  let server: SandboxServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let postIds: string[];
  let mediaIds: string[];
  let photoBytes: number;

  const metric = async (name: string) =>
    sampleSum(parsePrometheusText(await (await fetch(`${server.url}/metrics`)).text()), name, {
      size: '160',
    });

  /**
   * Opens `path`, scrolls past every image (previews load lazily), waits for quiet, sums the
   * images. `cold`: with the browser's cache emptied first, so the page pays for all its images.
   */
  async function visit(
    on: Page,
    path: string,
    { shot, cold = false }: { readonly shot?: string; readonly cold?: boolean } = {},
  ): Promise<ImageTraffic> {
    if (cold) await (await on.context().newCDPSession(on)).send('Network.clearBrowserCache');
    const pending: Promise<{ url: string; status: number; bytes: number }>[] = [];
    const onFinished = (request: import('playwright-core').Request) => {
      if (request.resourceType() !== 'image') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          return {
            url: request.url(),
            status: response?.status() ?? 0,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          };
        })(),
      );
    };
    on.on('requestfinished', onFinished);
    try {
      await on.goto(`${server.url}${path}`);
      // Past each preview in turn, as a person scrolling would: a jump to the end skips the middle.
      await on.locator('img').evaluateAll(async (images) => {
        for (const image of images) {
          image.scrollIntoView();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      await on.waitForLoadState('networkidle');
      // A lazy image the width hides (the month's grid on a phone, its agenda on a desktop) never
      // loads, which is the point: only the ones drawn must have arrived.
      await on.waitForFunction(
        'Array.from(document.images).every((image) => image.complete || !image.checkVisibility())',
      );
      if (shot !== undefined) await on.screenshot({ path: join(ARTIFACTS, `${shot}.png`), fullPage: true });
    } finally {
      on.off('requestfinished', onFinished);
    }
    const requests = await Promise.all(pending);
    return { bytes: requests.reduce((sum, r) => sum + r.bytes, 0), requests };
  }

  const signIn = async (on: Page) => {
    await on.goto(`${server.url}/app/sign-in?next=%2Fapp%2Fposts`);
    await on.getByLabel('Email').fill(EMAIL);
    await on.getByLabel('Password').fill(PASSWORD);
    await on.getByRole('button', { name: 'Sign in' }).click();
    await on.waitForURL(`${server.url}/app/posts`);
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    server = await startSandboxServer();
    const { key, accounts } = await seedUser(server, ['tiktok']);
    await server.setPassword(EMAIL, PASSWORD);
    const photos = await bigPhotos(POSTS);
    photoBytes = photos[0]?.byteLength ?? 0;
    // Four uploads at a time: each is streamed, hashed and inspected by the server.
    mediaIds = [];
    for (let i = 0; i < photos.length; i += 4) {
      const batch = photos.slice(i, i + 4);
      mediaIds.push(
        ...(await Promise.all(batch.map((photo, j) => server.upload(key, photo, `photo-${i + j + 1}.jpg`)))),
      );
    }
    postIds = [];
    for (const [i, mediaId] of mediaIds.entries()) {
      const created = await server.call('/api/v1/publish', key, {
        method: 'POST',
        json: {
          platforms: ['tiktok'],
          profileIds: [accounts.tiktok],
          caption: `Photo ${i + 1} of the week`,
          title: `Photo ${i + 1}`,
          mediaIds: [mediaId],
          platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
          scheduledTime: new Date(Date.now() + (60 + i * 5) * 60_000).toISOString(),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      postIds.push(created.body.postIds[0]);
    }
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signIn(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads at most 200 KB of images on every page that shows media, and never an original', async () => {
    expect(photoBytes).toBeGreaterThan(19_000_000);
    const pages: [string, string][] = [
      ['Media', '/app/media'],
      ['Posts', '/app/posts'],
      ['Calendar', '/app/calendar'],
      ['Overview', '/app'],
      ['Post', `/app/posts/${postIds[0]}`],
      ['Compose with 20 slides', `/app/compose?media=${mediaIds.join(',')}`],
    ];
    for (const [name, path] of pages) {
      const traffic = await visit(page, path, { shot: name.toLowerCase().replaceAll(' ', '-'), cold: true });
      // The first page measured really loaded its 20 previews: the sum counts what arrived.
      if (name === 'Media')
        expect(traffic.requests.filter((r) => r.status === 200 && r.bytes > 0)).toHaveLength(POSTS);
      // A signed link to a file (`/media/media_…`) is an original: no page loads one.
      expect(traffic.requests.filter((r) => new URL(r.url).pathname.startsWith('/media/'))).toEqual([]);
      expect(traffic.bytes, `${name}: ${JSON.stringify(traffic.requests)}`).toBeLessThanOrEqual(
        PAGE_BUDGET_BYTES,
      );
    }
    // Compose (the last page) shows all 20 slides, each by its thumbnail.
    expect(await page.locator('.slides img[src$="/thumb/160"]').count()).toBe(POSTS);
  }, 60_000);

  it('serves a second visit from the browser cache, and makes each thumbnail once', async () => {
    const madeBefore = await metric('svc_thumbnails_made_total');
    const servedBefore = await metric('svc_thumbnails_served_total');
    expect(madeBefore).toBe(POSTS);
    // The same browser again (Compose, just visited, loaded all 20): immutable answers are not
    // even asked for again.
    const again = await visit(page, '/app/media');
    expect(again.requests.every((r) => r.status === 304 || r.bytes === 0)).toBe(true);
    expect(await metric('svc_thumbnails_served_total')).toBe(servedBefore);
    // Another browser (no cache): the stored thumbnails are sent, none is made again.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const phone = await other.newPage();
      await signIn(phone);
      const fresh = await visit(phone, '/app/media', { shot: 'media-390' });
      expect(fresh.requests.filter((r) => r.status === 200)).toHaveLength(POSTS);
      expect(fresh.bytes).toBeLessThanOrEqual(PAGE_BUDGET_BYTES);
      await visit(phone, `/app/posts/${postIds[1]}`, { shot: 'post-390' });
    } finally {
      await other.close();
    }
    expect(await metric('svc_thumbnails_made_total')).toBe(POSTS);
    expect(await metric('svc_thumbnails_served_total')).toBe(servedBefore + POSTS);
    // Kept beside each original in the media folder: one 160 px thumbnail per photo.
    const media = join(server.env.SVC_DATA_DIR ?? '', 'media');
    const thumbnails = readdirSync(media, { recursive: true }).filter((name) =>
      String(name).endsWith('.thumbnail-160.webp'),
    );
    expect(thumbnails).toHaveLength(POSTS);
  }, 60_000);
});
