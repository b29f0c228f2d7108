import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { MediaFacts } from '@svc/core';
import { describe, expect, it } from 'vitest';
import { createMediaInspector } from '../src/index.js';
import { FIXTURE_STORE_KINDS, FIXTURES, useFixtureStore } from './fixture-store.js';

const facts = (
  contentType: string | null,
  width: number | null,
  height: number | null,
  durationMs: number | null,
) => ({ contentType, width, height, durationMs }) satisfies MediaFacts;

/** An image's facts: besides its size, the colour space and depth a platform may refuse. */
const image = (contentType: string, width: number, height: number, colorSpace = 'srgb', bitsPerChannel = 8) =>
  ({ ...facts(contentType, width, height, null), colorSpace, bitsPerChannel }) satisfies MediaFacts;

describe.each(FIXTURE_STORE_KINDS)('media inspector on the %s store', (kind) => {
  const { blobs: blobStore, store } = useFixtureStore('svc-inspect-', kind);

  it.each([
    ['image.jpg', image('image/jpeg', 64, 48)],
    ['image.png', image('image/png', 40, 30)],
    ['image.webp', image('image/webp', 50, 40)],
    ['animation.gif', image('image/gif', 32, 24)],
    ['image.avif', image('image/avif', 36, 20)],
    ['image.heic', image('image/heic', 48, 32)],
    ['image-cmyk.jpg', image('image/jpeg', 64, 48, 'cmyk')],
    ['image-16bit.png', image('image/png', 40, 30, 'rgb16', 16)],
    ['video.mp4', facts('video/mp4', 160, 90, 1000)],
    ['video-moov-at-end.mp4', facts('video/mp4', 128, 72, 2000)],
    ['video.mov', facts('video/quicktime', 176, 144, 1500)],
    ['video.webm', facts('video/webm', 192, 108, 1208)],
  ])('reads %s', async (name, expected) => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(await store(name))).toEqual(expected);
  });

  it('gives the displayed size of a JPEG with EXIF orientation 6 (stored 64x48)', async () => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(await store('image-exif-rotated.jpg'))).toEqual(
      image('image/jpeg', 48, 64),
    );
  });

  it('gives the displayed size of a video with a 90° track matrix (stored 160x90)', async () => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(await store('video-rotated.mp4'))).toEqual(
      facts('video/mp4', 90, 160, 1000),
    );
  });

  it('goes by the bytes, not the name: a PNG called .txt is a PNG', async () => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(await store('png-named.txt'))).toEqual(image('image/png', 40, 30));
  });

  it('reports null for plain text and for an HTML page (no magic number)', async () => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(await store('text.txt'))).toEqual(facts(null, null, null, null));
    expect(await inspector.inspect(await store('page.html'))).toEqual(facts(null, null, null, null));
  });

  it('keeps the type but not the size of a truncated video', async () => {
    const result = await blobStore().put(
      createReadStream(join(FIXTURES, 'video-moov-at-end.mp4'), { start: 0, end: 1999 }),
      { maxBytes: 1_000_000 },
    );
    if (!result.ok) throw new Error('put failed');
    const inspector = createMediaInspector({ blobs: blobStore() });
    expect(await inspector.inspect(result.blob.key)).toEqual(facts('video/mp4', null, null, null));
  });

  it('rejects an absent blob rather than calling it unknown', async () => {
    const inspector = createMediaInspector({ blobs: blobStore() });
    await expect(inspector.inspect('f'.repeat(64))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
