/**
 * What one gateway knows first-hand about the publishes it is driving, in memory: where each
 * upload stands as TikTok confirmed it to this process, and which photo posts it has marked but
 * certainly not sent yet. Saved progress alone cannot tell "the last step succeeded" from "the
 * last step's answer was lost" (the engine saves nothing on a failed step), so whatever is not
 * known here (a restart, another publisher, a lost answer) is checked with TikTok first.
 */
export type TikTokMemory = {
  /** Whether this process saw TikTok accept the upload of `publishId` up to `nextByte`. */
  uploadConfirmed(publishId: string, nextByte: number): boolean;
  confirmUpload(publishId: string, nextByte: number): void;
  /** Called before a chunk is sent: until its answer arrives, the position is unknown. */
  forgetUpload(publishId: string): void;
  /** The post's send is certain not to have happened (marked just now, or refused outright). */
  markUnsent(postId: string): void;
  /** True (once) when the post was marked unsent: it may be sent without looking for it first. */
  takeUnsent(postId: string): boolean;
};

// Publishes in flight at once stay far below this; the oldest entries go first past it.
const MAX_ENTRIES = 1000;

/** An empty TikTokMemory. */
export function createTikTokMemory(): TikTokMemory {
  const uploads = new Map<string, number>();
  const unsent = new Set<string>();
  const bounded = <T>(collection: Map<string, T> | Set<string>) => {
    if (collection.size <= MAX_ENTRIES) return;
    const oldest = collection.keys().next().value;
    if (oldest !== undefined) collection.delete(oldest);
  };
  return {
    uploadConfirmed: (publishId, nextByte) => uploads.get(publishId) === nextByte,
    confirmUpload(publishId, nextByte) {
      uploads.delete(publishId);
      uploads.set(publishId, nextByte);
      bounded(uploads);
    },
    forgetUpload(publishId) {
      uploads.delete(publishId);
    },
    markUnsent(postId) {
      unsent.add(postId);
      bounded(unsent);
    },
    takeUnsent: (postId) => unsent.delete(postId),
  };
}
