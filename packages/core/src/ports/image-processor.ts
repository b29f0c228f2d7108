import type { StoredBlob } from './blob-store.js';

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
};
