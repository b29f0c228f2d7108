import type { User } from '@svc/core';
import { aMediaAsset, seedMediaAsset } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

describe('thumbnails in the console', () => {
  let app: ConsoleApp;
  let ann: User;
  let browser: ConsoleClient;
  let photo: string;
  let blobKey: string;

  const stored = async (text: string) => {
    const put = await app.t.blobs.put(
      (async function* () {
        yield new TextEncoder().encode(text);
      })(),
      { maxBytes: 1000 },
    );
    if (!put.ok) throw new Error('could not store');
    return put.blob.key;
  };

  beforeEach(async () => {
    app = await startConsoleApp();
    ann = await app.user(undefined, PASSWORD);
    blobKey = await stored('a photo of bread');
    photo = (await seedMediaAsset(app.t.store.media, aMediaAsset(ann.id, { blobKey }))).id;
    browser = app.client();
    await browser.signIn(ann.email, PASSWORD);
  });
  afterEach(() => app.close());

  it('answers the thumbnail, cached for good by the browser only, with a strong tag', async () => {
    const page = await browser.get(`/app/media/${photo}/thumb/160`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/webp');
    expect(page.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(page.headers.get('etag')).toBe(`"${blobKey}-160-v1"`);
    expect(page.text).toBe(`thumbnail 160 of ${blobKey}`);
    expect(app.t.thumbnails.made).toEqual([`thumbnail 160 of ${blobKey}`]);
  });

  it('answers 304 without reading or making anything when the browser holds that version', async () => {
    const res = await fetch(`${app.url}/app/media/${photo}/thumb/480`, {
      headers: { cookie: browser.cookie() ?? '', 'if-none-match': `"${blobKey}-480-v1"` },
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(`"${blobKey}-480-v1"`);
    expect(app.t.thumbnails.asked).toEqual([]);
    const stale = await fetch(`${app.url}/app/media/${photo}/thumb/480`, {
      headers: { cookie: browser.cookie() ?? '', 'if-none-match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
  });

  it("refuses another person's image, a video, an unknown size and an unknown id alike", async () => {
    const bob = await app.user(undefined, PASSWORD);
    const bobs = (
      await seedMediaAsset(app.t.store.media, aMediaAsset(bob.id, { blobKey: await stored('bob') }))
    ).id;
    const clip = (
      await seedMediaAsset(
        app.t.store.media,
        aMediaAsset(ann.id, { contentType: 'video/mp4', blobKey: await stored('a clip') }),
      )
    ).id;
    for (const path of [
      `/app/media/${bobs}/thumb/160`,
      `/app/media/${clip}/thumb/160`,
      `/app/media/${photo}/thumb/2000`,
      '/app/media/media_unknown/thumb/160',
    ]) {
      expect((await browser.get(path)).status, path).toBe(404);
    }
    expect(app.t.thumbnails.asked).toEqual([]);
  });

  it('sends a signed-out browser to sign in', async () => {
    const page = await app.client().get(`/app/media/${photo}/thumb/160`);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toContain('/app/sign-in?next=');
  });

  it('shows every image of the library by its thumbnail, lazily and at its shape, and a video by an icon', async () => {
    await seedMediaAsset(
      app.t.store.media,
      aMediaAsset(ann.id, {
        contentType: 'video/mp4',
        width: null,
        height: null,
        blobKey: await stored('v'),
      }),
    );
    const page = await browser.get('/app/media');
    expect(page.text).toContain(
      `<img src="/app/media/${photo}/thumb/160" alt="" width="51" height="64" loading="lazy" decoding="async" class="thumb">`,
    );
    expect(page.text).toMatch(/<svg class="thumb placeholder" width="64" height="64"[^>]*aria-label="Video"/);
    expect(page.text).not.toMatch(/src="[^"]*\/media\/media_[^"/]*"/);
  });
});
