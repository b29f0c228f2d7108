import type { Thumbnail, Thumbnailer, ThumbnailSize } from '@svc/core';
import sharp from 'sharp';
import type { DerivedBlobFiles } from './derived-blob-files.js';
import type { LocalBlobFiles } from './local-blob-files.js';
import { isNotFound } from './spool-to-file.js';

/** Options of the thumbnailer. */
export type ThumbnailerOptions = {
  /** Where originals are read from (as local files) and thumbnails are kept (beside them). */
  readonly blobs: LocalBlobFiles & DerivedBlobFiles;
};

const CONTENT_TYPE = 'image/webp';

/**
 * Thumbnails on sharp, kept as derived files of the original's blob (`thumbnail-<size>.webp`), so
 * one is made once per content hash and size and goes with the bytes when they are removed.
 * WebP: smaller than a JPEG at the same look, and it keeps a PNG's transparency.
 */
export function createThumbnailer(options: ThumbnailerOptions): Thumbnailer {
  const { blobs } = options;
  // Asks for the same thumbnail while it is being made wait for that one instead of making another.
  const making = new Map<string, Promise<Thumbnail | null>>();

  async function thumbnail(blobKey: string, size: ThumbnailSize): Promise<Thumbnail | null> {
    const name = `thumbnail-${size}.webp`;
    const stored = await blobs.readDerived(blobKey, name);
    if (stored !== null) return { bytes: stored, contentType: CONTENT_TYPE, made: false };
    const id = `${blobKey}/${name}`;
    const pending = making.get(id);
    if (pending !== undefined) {
      const shared = await pending;
      // Made for the ask that started it: this one only shares it.
      return shared === null ? null : { ...shared, made: false };
    }
    const made = makeOnce(blobKey, size, name).finally(() => making.delete(id));
    making.set(id, made);
    return made;
  }

  async function makeOnce(blobKey: string, size: ThumbnailSize, name: string): Promise<Thumbnail | null> {
    // Made by an ask that finished between this one's read and its turn here.
    const stored = await blobs.readDerived(blobKey, name);
    if (stored !== null) return { bytes: stored, contentType: CONTENT_TYPE, made: false };
    let bytes: Uint8Array;
    try {
      bytes = await blobs.withLocalFile(blobKey, (path) => render(path, size));
    } catch (error) {
      // Bytes not stored (any more), or not an image sharp can decode: no thumbnail, no fault.
      if (isNotFound(error) || isUndecodable(error)) return null;
      throw error;
    }
    await blobs.putDerived(blobKey, name, bytes);
    return { bytes, contentType: CONTENT_TYPE, made: true };
  }

  return { thumbnail };
}

/**
 * The original scaled to fit `size` on its long side (never enlarged), turned as its EXIF says, an
 * animation's first frame (sharp reads one page unless told otherwise), metadata dropped. JPEG and
 * WebP originals are decoded at a reduced scale already (libvips' shrink-on-load), so a 20 MB
 * photo costs a fraction of its full decode.
 */
async function render(path: string, size: ThumbnailSize): Promise<Uint8Array> {
  return sharp(path)
    .autoOrient()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

// sharp's errors are plain Errors; decoding failures say what could not be read.
function isUndecodable(error: unknown): boolean {
  return (
    error instanceof Error &&
    /unsupported image format|Input file is missing|bad seek|corrupt|premature end|VipsForeignLoad/i.test(
      error.message,
    )
  );
}
