import type { BlobStore, ImageProcessor, JpegCopy, StoredBlob } from '@svc/core';
import sharp, { type Sharp } from 'sharp';
import type { LocalBlobFiles } from './local-blob-files.js';

/** Options of the image processor. */
export type ImageProcessorOptions = {
  /** Where originals are read from (as local files) and results are stored. */
  readonly blobs: LocalBlobFiles & Pick<BlobStore, 'put'>;
  /** Largest result accepted into storage. Default 50 MB, the service's media limit. */
  readonly maxOutputBytes?: number;
};

/** Thrown when an image cannot be padded: a format we do not write back, or a size out of range. */
export class ImageProcessingError extends Error {
  override readonly name = 'ImageProcessingError';
}

const MAX_SIDE = 16_384;

/** An ImageProcessor on sharp (libvips) that reads blobs as files and streams results into the store. */
export function createImageProcessor(options: ImageProcessorOptions): ImageProcessor {
  const maxOutputBytes = options.maxOutputBytes ?? 50 * 1024 * 1024;

  async function padToSize(
    blobKey: string,
    target: { readonly width: number; readonly height: number; readonly background: string },
  ): Promise<StoredBlob> {
    const { width, height } = target;
    for (const side of [width, height]) {
      if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) {
        throw new ImageProcessingError(
          `Target sides must be whole numbers from 1 to ${MAX_SIDE}: ${width}x${height}`,
        );
      }
    }
    // The original's file must stay until the result is stored: sharp reads it while put() pulls.
    return options.blobs.withLocalFile(blobKey, (path) => padFile(blobKey, path, target));
  }

  async function padFile(
    blobKey: string,
    path: string,
    target: { readonly width: number; readonly height: number; readonly background: string },
  ): Promise<StoredBlob> {
    const { width, height, background } = target;
    const { format } = await sharp(path).metadata();
    // Every frame of an animated GIF or WebP is padded alike, so an animation stays one.
    const animated = format === 'gif' || format === 'webp';
    const resized = sharp(path, { animated })
      // Turns the pixels as EXIF says and drops the tag, so the padded copy shows the way the
      // inspector measured the original.
      .autoOrient()
      .resize(width, height, { fit: 'contain', position: 'centre', background });
    // The output starts flowing only when the store reads it: sharp decodes from the file and the
    // encoded bytes stream into a temp file, never into one buffer.
    const result = await options.blobs.put(encodeAs(resized, format, background), {
      maxBytes: maxOutputBytes,
    });
    if (!result.ok) {
      const why = result.error.kind === 'too_large' ? `over ${maxOutputBytes} bytes` : result.error.detail;
      throw new ImageProcessingError(`Could not store the padded copy of ${blobKey}: ${why}`);
    }
    return result.blob;
  }

  function toJpeg(blobKey: string, { maxBytes }: { readonly maxBytes: number }): Promise<JpegCopy> {
    return options.blobs.withLocalFile(blobKey, (path) => jpegOfFile(blobKey, path, maxBytes));
  }

  async function jpegOfFile(blobKey: string, path: string, maxBytes: number): Promise<JpegCopy> {
    const limit = Math.min(maxBytes, maxOutputBytes);
    try {
      await sharp(path).metadata();
    } catch {
      return { ok: false, reason: 'the image cannot be decoded' };
    }
    for (const { quality, scale } of JPEG_LADDER) {
      // The first frame of an animation only (sharp reads one page unless told otherwise).
      let image = sharp(path).autoOrient();
      if (scale < 1) {
        const { width = 0, height = 0 } = await sharp(path).autoOrient().metadata();
        image = image.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
      }
      // Alpha flattened on white (what a transparent PNG looks like on the platforms' white
      // backgrounds), 8-bit sRGB whatever came in (CMYK, 16-bit), no metadata (sharp's default).
      const { data, info } = await image
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality })
        .toBuffer({ resolveWithObject: true });
      if (data.byteLength > limit) continue;
      const stored = await options.blobs.put(once(data), { maxBytes: limit });
      if (!stored.ok) throw new ImageProcessingError(`Could not store the JPEG copy of ${blobKey}`);
      return { ok: true, blob: stored.blob, width: info.width, height: info.height };
    }
    return { ok: false, reason: `even a smaller, lower-quality JPEG is over ${Math.floor(limit / 1024)} KB` };
  }

  return { padToSize, toJpeg };
}

/**
 * Quality first (90 keeps a photo indistinguishable; 60 is the lowest that stays clean), then
 * pixel size at 80, until the copy fits the platform's limit.
 */
const JPEG_LADDER: readonly { readonly quality: number; readonly scale: number }[] = [
  { quality: 90, scale: 1 },
  { quality: 80, scale: 1 },
  { quality: 70, scale: 1 },
  { quality: 60, scale: 1 },
  { quality: 80, scale: 0.75 },
  { quality: 80, scale: 0.5 },
  { quality: 80, scale: 0.35 },
  { quality: 80, scale: 0.25 },
];

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

// Same format out as in, metadata (EXIF, GPS) left out. Quality 90 rather than sharp's 80, since
// the original was lossy already.
function encodeAs(image: Sharp, format: string | undefined, background: string): Sharp {
  switch (format) {
    case 'jpeg':
      // JPEG has no alpha channel: a translucent background keeps its colour, made opaque.
      return image.flatten({ background }).jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
    case 'gif':
      // sharp's prebuilt libvips writes GIF through cgif.
      return image.gif();
    default:
      throw new ImageProcessingError(
        `Cannot pad ${format ?? 'unknown'} images: JPEG, PNG, WebP and GIF only`,
      );
  }
}
