import type { MediaFacts, MediaInspector } from '../media/index.js';
import { blobKeyOf } from './memory-blob-store.js';

/** A MediaInspector that knows the facts of the bytes it was told about; other bytes are unknown. */
export type TableInspector = MediaInspector & {
  describe(bytes: Uint8Array, facts: Partial<MediaFacts>): Uint8Array;
  /** The type these bytes were described with; null when they were not. */
  typeOf(bytes: Uint8Array): string | null;
};

/** Creates a TableInspector. `describe` returns the bytes, for use inline. */
export function createTableInspector(): TableInspector {
  const table = new Map<string, MediaFacts>();
  return {
    describe(bytes, facts) {
      table.set(blobKeyOf(bytes), {
        contentType: null,
        width: null,
        height: null,
        durationMs: null,
        ...facts,
      });
      return bytes;
    },
    typeOf(bytes) {
      return table.get(blobKeyOf(bytes))?.contentType ?? null;
    },
    async inspect(key) {
      return table.get(key) ?? { contentType: null, width: null, height: null, durationMs: null };
    },
  };
}
