import type { BlobStore, ImageProcessor } from '../media/index.js';
import type { TableInspector } from './table-inspector.js';

/** An ImageProcessor that stores a marked copy of the image and records what it was asked. */
export type RecordingImageProcessor = ImageProcessor & {
  readonly padded: { blobKey: string; width: number; height: number }[];
  readonly converted: { blobKey: string; maxBytes: number }[];
};

/**
 * Creates a RecordingImageProcessor storing its copies in `blobs`. With an inspector, the copies
 * are described to it (a JPEG copy keeps the original's pixel size), so later reads know them.
 */
export function createRecordingImageProcessor(
  blobs: BlobStore,
  inspector?: TableInspector,
): RecordingImageProcessor {
  const padded: { blobKey: string; width: number; height: number }[] = [];
  const converted: { blobKey: string; maxBytes: number }[] = [];
  const store = async (text: string) => {
    const stored = await blobs.put(
      (async function* () {
        yield new TextEncoder().encode(text);
      })(),
      { maxBytes: Number.MAX_SAFE_INTEGER },
    );
    if (!stored.ok) throw new Error('storing the copy failed');
    return stored.blob;
  };
  return {
    padded,
    converted,
    async padToSize(blobKey, target) {
      padded.push({ blobKey, width: target.width, height: target.height });
      const text = `padded ${blobKey} to ${target.width}x${target.height}`;
      const original = await inspector?.inspect(blobKey);
      inspector?.describe(new TextEncoder().encode(text), {
        ...original,
        width: target.width,
        height: target.height,
      });
      return store(text);
    },
    async toJpeg(blobKey, { maxBytes }) {
      converted.push({ blobKey, maxBytes });
      const text = `jpeg of ${blobKey}`;
      const original = await inspector?.inspect(blobKey);
      const width = original?.width ?? 1080;
      const height = original?.height ?? 1080;
      inspector?.describe(new TextEncoder().encode(text), { contentType: 'image/jpeg', width, height });
      return { ok: true, blob: await store(text), width, height };
    },
  };
}
