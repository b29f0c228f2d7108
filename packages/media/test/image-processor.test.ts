import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageProcessor, createMediaInspector, ImageProcessingError } from '../src/index.js';
import { FIXTURE_STORE_KINDS, useFixtureStore } from './fixture-store.js';

describe.each(FIXTURE_STORE_KINDS)('image processor on the %s store', (kind) => {
  const { blobs: blobStore, store, bytesOf } = useFixtureStore('svc-pad-', kind);

  const sha256 = async (key: string) =>
    createHash('sha256')
      .update(await bytesOf(key))
      .digest('hex');

  describe('padToSize', () => {
    it.each([
      ['image.jpg', 'jpeg'],
      ['image.png', 'png'],
      ['image.webp', 'webp'],
      ['animation.gif', 'gif'],
    ])(
      'pads %s to exactly the target size, in the same format, leaving the original untouched',
      async (name, format) => {
        const original = await store(name);
        const padded = await createImageProcessor({ blobs: blobStore() }).padToSize(original, {
          width: 100,
          height: 100,
          background: '#ff0000',
        });
        expect(padded.key).not.toBe(original);
        expect(await sha256(original)).toBe(original);
        expect(await sha256(padded.key)).toBe(padded.key);
        const metadata = await sharp(await bytesOf(padded.key)).metadata();
        expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
          format,
          width: 100,
          height: 100,
        });
        expect(padded.sizeBytes).toBe((await bytesOf(padded.key)).byteLength);
      },
    );

    it('centres the picture on bars of the background colour', async () => {
      // image.png is 40x30: fitted into 100x100 it becomes 100x75 with 12/13-pixel bars above and below.
      const padded = await createImageProcessor({ blobs: blobStore() }).padToSize(await store('image.png'), {
        width: 100,
        height: 100,
        background: '#00ff00',
      });
      const { data, info } = await sharp(await bytesOf(padded.key))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * 100 + x) * info.channels, (y * 100 + x) * info.channels + 3),
      ];
      expect(pixel(50, 2)).toEqual([0, 255, 0]);
      expect(pixel(50, 97)).toEqual([0, 255, 0]);
      expect(pixel(50, 50)).not.toEqual([0, 255, 0]);
    });

    it('keeps every frame of an animated GIF', async () => {
      const padded = await createImageProcessor({ blobs: blobStore() }).padToSize(
        await store('animation.gif'),
        {
          width: 60,
          height: 60,
          background: '#000000',
        },
      );
      const metadata = await sharp(await bytesOf(padded.key), { animated: true }).metadata();
      expect({ pages: metadata.pages, pageHeight: metadata.pageHeight, width: metadata.width }).toEqual({
        pages: 3,
        pageHeight: 60,
        width: 60,
      });
    });

    it('turns an EXIF-rotated JPEG upright, so it measures what the inspector said', async () => {
      const original = await store('image-exif-rotated.jpg');
      const inspector = createMediaInspector({ blobs: blobStore() });
      expect(await inspector.inspect(original)).toMatchObject({ width: 48, height: 64 });
      // Same aspect as displayed (3:4), so no bars: a sideways copy would get them.
      const padded = await createImageProcessor({ blobs: blobStore() }).padToSize(original, {
        width: 96,
        height: 128,
        background: '#ffffff',
      });
      const metadata = await sharp(await bytesOf(padded.key)).metadata();
      expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({
        width: 96,
        height: 128,
        orientation: undefined,
      });
      expect(await inspector.inspect(padded.key)).toMatchObject({ width: 96, height: 128 });
    });

    it('refuses formats it does not write back, and impossible sizes', async () => {
      const processor = createImageProcessor({ blobs: blobStore() });
      const avif = await store('image.avif');
      await expect(processor.padToSize(avif, { width: 10, height: 10, background: '#000' })).rejects.toThrow(
        ImageProcessingError,
      );
      const png = await store('image.png');
      for (const [width, height] of [
        [0, 10],
        [10, 1.5],
        [100_000, 10],
      ] as const) {
        await expect(processor.padToSize(png, { width, height, background: '#000' })).rejects.toThrow(
          ImageProcessingError,
        );
      }
    });

    it('throws when the result is over the output limit, storing nothing', async () => {
      const processor = createImageProcessor({ blobs: blobStore(), maxOutputBytes: 100 });
      const png = await store('image.png');
      await expect(
        processor.padToSize(png, { width: 400, height: 400, background: '#123456' }),
      ).rejects.toThrow(/over 100 bytes/);
    });
  });

  describe('toJpeg', () => {
    const convert = async (name: string, maxBytes = 1_000_000) =>
      createImageProcessor({ blobs: blobStore() }).toJpeg(await store(name), { maxBytes });
    const metadataOf = async (key: string) => sharp(await bytesOf(key)).metadata();

    it.each([
      ['image.png', 40, 30],
      ['image.webp', 50, 40],
      ['animation.gif', 32, 24],
      ['image-cmyk.jpg', 64, 48],
      ['image-16bit.png', 40, 30],
      ['image-exif-rotated.jpg', 48, 64],
    ])(
      'makes %s an 8-bit sRGB JPEG of %ix%i as displayed, leaving the original untouched',
      async (name, width, height) => {
        const original = await store(name);
        const copy = await createImageProcessor({ blobs: blobStore() }).toJpeg(original, {
          maxBytes: 1_000_000,
        });
        if (!copy.ok) throw new Error(copy.reason);
        expect(await sha256(original)).toBe(original);
        expect(await sha256(copy.blob.key)).toBe(copy.blob.key);
        const metadata = await metadataOf(copy.blob.key);
        expect(metadata).toMatchObject({
          format: 'jpeg',
          space: 'srgb',
          depth: 'uchar',
          width,
          height,
          channels: 3,
        });
        // No EXIF (orientation applied, GPS gone), no ICC profile: what the inspector reads is what shows.
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect({ width: copy.width, height: copy.height }).toEqual({ width, height });
      },
    );

    it('flattens transparency on white and keeps only the first frame of an animation', async () => {
      // image.png's right half is translucent (alpha 96 over a blue-ish gradient): on white it lightens.
      const png = await convert('image.png');
      if (!png.ok) throw new Error(png.reason);
      const { data, info } = await sharp(await bytesOf(png.blob.key))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const blue = (x: number) => data[(15 * info.width + x) * info.channels + 2] ?? 0;
      expect(blue(35)).toBeGreaterThan(blue(5) + 40);
      const gif = await convert('animation.gif');
      if (!gif.ok) throw new Error(gif.reason);
      expect((await metadataOf(gif.blob.key)).pages ?? 1).toBe(1);
    });

    it('lowers the quality, then the size, until the copy fits; refuses when nothing fits', async () => {
      const full = await convert('image.png');
      if (!full.ok) throw new Error(full.reason);
      const small = await convert('image.png', full.blob.sizeBytes - 1);
      if (!small.ok) throw new Error(small.reason);
      expect(small.blob.sizeBytes).toBeLessThan(full.blob.sizeBytes);
      expect(await convert('image.png', 10)).toMatchObject({
        ok: false,
        reason: expect.stringContaining('over'),
      });
    });

    it('refuses bytes it cannot decode instead of throwing', async () => {
      expect(await convert('text.txt')).toEqual({ ok: false, reason: 'the image cannot be decoded' });
    });
  });
});
