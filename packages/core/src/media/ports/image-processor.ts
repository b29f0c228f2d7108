import type { StoredBlob } from './blob-store.js';

/** A JPEG copy of an image, stored, or why none could be made. */
export type JpegCopy =
  | { readonly ok: true; readonly blob: StoredBlob; readonly width: number; readonly height: number }
  /** The image cannot be decoded, or no quality and size down to the floor fit `maxBytes`. */
  | { readonly ok: false; readonly reason: string };

/** Image operations on stored blobs. */
export type ImageProcessor = {
  /**
   * Stores a copy of an image scaled to fit inside `width` x `height` and padded to exactly that
   * size (centered, bars of `background`), in the same format. The original is untouched.
   */
  padToSize(
    blobKey: string,
    target: { readonly width: number; readonly height: number; readonly background: string },
  ): Promise<StoredBlob>;
  /**
   * Stores a JPEG copy of an image as a platform takes it: EXIF rotation applied, transparency
   * flattened on white, 8-bit sRGB, metadata stripped, an animation's first frame only. Quality
   * (then, if that is not enough, pixel size) is lowered until the file fits in `maxBytes`. The
   * original is untouched.
   */
  toJpeg(blobKey: string, options: { readonly maxBytes: number }): Promise<JpegCopy>;
};
