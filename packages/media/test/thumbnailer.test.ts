import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createThumbnailer } from '../src/index.js';
import { FIXTURE_STORE_KINDS, useFixtureStore } from './fixture-store.js';

const solid = (width: number, height: number, r: number, g: number, b: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha } } });

describe.each(FIXTURE_STORE_KINDS)('thumbnailer on the %s store', (kind) => {
  const { blobs, store } = useFixtureStore('svc-thumbs-', kind);

  async function put(image: Promise<Buffer>): Promise<string> {
    const bytes = await image;
    const result = await blobs().put(
      (async function* () {
        yield bytes;
      })(),
      { maxBytes: 10_000_000 },
    );
    if (!result.ok) throw new Error('could not store the image');
    return result.blob.key;
  }
  const facts = async (bytes: Uint8Array | undefined) => {
    const { format, width, height, hasAlpha, pages } = await sharp(bytes).metadata();
    return { format, width, height, hasAlpha, pages: pages ?? 1 };
  };

  it.each([
    [160, { width: 160, height: 107 }],
    [480, { width: 480, height: 320 }],
  ] as const)('fits a 1200x800 JPEG in %i px on the long side, as WebP', async (size, expected) => {
    const key = await put(solid(1200, 800, 200, 120, 40).jpeg().toBuffer());
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(key, size);
    expect(thumbnail?.contentType).toBe('image/webp');
    expect(await facts(thumbnail?.bytes)).toMatchObject({ format: 'webp', ...expected });
  });

  it('never enlarges a small image', async () => {
    const key = await put(solid(100, 50, 10, 20, 30).png().toBuffer());
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(key, 480);
    expect(await facts(thumbnail?.bytes)).toMatchObject({ width: 100, height: 50 });
  });

  it('turns a photo as its EXIF orientation says', async () => {
    // Stored 800x600 landscape, displayed portrait (orientation 6: turn 90° clockwise).
    const key = await put(solid(800, 600, 0, 0, 255).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(key, 160);
    expect(await facts(thumbnail?.bytes)).toMatchObject({ width: 120, height: 160 });
    // The committed fixture too: 64x48 stored, 48x64 shown, too small to shrink.
    const fixture = await createThumbnailer({ blobs: blobs() }).thumbnail(
      await store('image-exif-rotated.jpg'),
      160,
    );
    expect(await facts(fixture?.bytes)).toMatchObject({ width: 48, height: 64 });
  });

  it('keeps the transparency of a PNG', async () => {
    const key = await put(solid(600, 600, 255, 0, 0, 0).png().toBuffer());
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(key, 160);
    expect(await facts(thumbnail?.bytes)).toMatchObject({ width: 160, height: 160, hasAlpha: true });
    const { data } = await sharp(thumbnail?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it("shows an animated GIF's first frame, as a still image", async () => {
    const frames = await Promise.all(
      [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ].map(([r = 0, g = 0, b = 0]) => solid(300, 200, r, g, b).png().toBuffer()),
    );
    const key = await put(
      sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer(),
    );
    expect(await blobs().withLocalFile(key, async (path) => (await sharp(path).metadata()).pages)).toBe(3);
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(key, 160);
    expect(await facts(thumbnail?.bytes)).toMatchObject({ width: 160, height: 107, pages: 1 });
    const { data } = await sharp(thumbnail?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]].map((v) => Math.round((v ?? 0) / 16))).toEqual([16, 0, 0]);
  });

  it('makes a thumbnail once, however many ask for it together, and removes it with the blob', async () => {
    const key = await put(solid(1000, 1000, 90, 90, 90).jpeg().toBuffer());
    const thumbnailer = createThumbnailer({ blobs: blobs() });
    const together = await Promise.all(Array.from({ length: 6 }, () => thumbnailer.thumbnail(key, 160)));
    expect(together.filter((t) => t?.made === true)).toHaveLength(1);
    expect(new Set(together.map((t) => Buffer.from(t?.bytes ?? []).toString('base64'))).size).toBe(1);
    // Another process (a thumbnailer of its own) finds it stored.
    const later = await createThumbnailer({ blobs: blobs() }).thumbnail(key, 160);
    expect(later?.made).toBe(false);
    expect(Buffer.from(later?.bytes ?? [])).toEqual(Buffer.from(together[0]?.bytes ?? []));
    await blobs().delete(key);
    expect(await blobs().readDerived(key, 'thumbnail-160.webp')).toBeNull();
    expect(await thumbnailer.thumbnail(key, 160)).toBeNull();
  });

  it('answers null for bytes that are not an image', async () => {
    const thumbnail = await createThumbnailer({ blobs: blobs() }).thumbnail(await store('text.txt'), 160);
    expect(thumbnail).toBeNull();
  });
});
