import type { ThumbnailSize } from '../thumbnails.js';

/** A thumbnail's bytes. */
export type Thumbnail = {
  readonly bytes: Uint8Array;
  /** The encoding's type (`image/webp`). */
  readonly contentType: string;
  /** True when this call made it (the first ask for this blob and size); false when it was stored. */
  readonly made: boolean;
};

/** Thumbnails of stored images, derived data keyed by the blob's content hash and the size. */
export type Thumbnailer = {
  /**
   * The thumbnail of the image stored as `blobKey`, fitting in `size` x `size`, EXIF rotation
   * applied, an animation's first frame. Made and stored the first time it is asked for (once, even
   * when several asks arrive together), read from storage afterwards; removed with the blob.
   * Null when the bytes are not stored or cannot be decoded as an image.
   */
  thumbnail(blobKey: string, size: ThumbnailSize): Promise<Thumbnail | null>;
};
