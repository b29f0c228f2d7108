/** Bytes stored under their content address. */
export type StoredBlob = {
  /** SHA-256 of the bytes, hex; identical bytes always get the same key and are stored once. */
  readonly key: string;
  readonly sizeBytes: number;
};

/** Why a `put` stopped. */
export type BlobPutError = { readonly kind: 'too_large'; readonly maxBytes: number };

/** Content-addressed storage of media bytes. */
export type BlobStore = {
  /**
   * Streams bytes into storage while they arrive, never holding the whole file in memory, and
   * stops with `too_large` as soon as `maxBytes` is passed, leaving nothing behind.
   */
  put(
    source: AsyncIterable<Uint8Array>,
    options: { readonly maxBytes: number },
  ): Promise<{ ok: true; blob: StoredBlob } | { ok: false; error: BlobPutError }>;
  /** Reads a blob, or the inclusive byte range `[start, end]` of it; throws when absent. */
  read(key: string, range?: { readonly start: number; readonly end: number }): AsyncIterable<Uint8Array>;
  /** The size of a blob, or null when absent. */
  size(key: string): Promise<number | null>;
};
