import type { BlobStore } from '../ports/blob-store.js';
import type { ImageProcessor } from '../ports/image-processor.js';

/** An ImageProcessor that stores a marked copy of the image and records what it was asked. */
export type RecordingImageProcessor = ImageProcessor & {
  readonly padded: { blobKey: string; width: number; height: number }[];
};

/** Creates a RecordingImageProcessor storing its copies in `blobs`. */
export function createRecordingImageProcessor(blobs: BlobStore): RecordingImageProcessor {
  const padded: { blobKey: string; width: number; height: number }[] = [];
  return {
    padded,
    async padToSize(blobKey, target) {
      padded.push({ blobKey, width: target.width, height: target.height });
      const marker = new TextEncoder().encode(`padded ${blobKey} to ${target.width}x${target.height}`);
      const stored = await blobs.put(
        (async function* () {
          yield marker;
        })(),
        { maxBytes: Number.MAX_SAFE_INTEGER },
      );
      if (!stored.ok) throw new Error('storing the padded copy failed');
      return stored.blob;
    },
  };
}
