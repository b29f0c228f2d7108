import type { BlobStore, Thumbnailer, ThumbnailSize } from '../media/index.js';

/** A Thumbnailer that makes a marked text per blob and size, once, and records every ask. */
export type RecordingThumbnailer = Thumbnailer & {
  /** Every ask, in order. */
  readonly asked: { blobKey: string; size: ThumbnailSize }[];
  /** What was made, once per blob and size. */
  readonly made: string[];
};

/** Creates a RecordingThumbnailer over `blobs`: null for bytes that are not stored, as the real one. */
export function createRecordingThumbnailer(blobs: Pick<BlobStore, 'size'>): RecordingThumbnailer {
  const asked: { blobKey: string; size: ThumbnailSize }[] = [];
  const made: string[] = [];
  return {
    asked,
    made,
    async thumbnail(blobKey, size) {
      asked.push({ blobKey, size });
      if ((await blobs.size(blobKey)) === null) return null;
      const name = `thumbnail ${size} of ${blobKey}`;
      const fresh = !made.includes(name);
      if (fresh) made.push(name);
      return { bytes: new TextEncoder().encode(name), contentType: 'image/webp', made: fresh };
    },
  };
}
