/** Bytes stored under their content address. */
export type StoredBlob = {
  /** SHA-256 of the bytes, lower-case hex; identical bytes always get the same key and are stored once. */
  readonly key: string;
  readonly sizeBytes: number;
};

/** A stored blob as a listing sees it. */
export type ListedBlob = StoredBlob & {
  /** When its bytes were last put: a put of bytes already stored refreshes it. */
  readonly modifiedAt: Date;
};

/** What a fresh look at one stored blob sees. */
export type BlobFacts = {
  readonly sizeBytes: number;
  /** When its bytes were last put: a put of bytes already stored refreshes it. */
  readonly modifiedAt: Date;
};

/** Why a `put` stored nothing. */
export type BlobPutError =
  /** More than `maxBytes` arrived; reading stopped at the first byte over. */
  | { readonly kind: 'too_large'; readonly maxBytes: number }
  /** The source failed or was aborted (a client that disconnected, a download that broke). */
  | { readonly kind: 'source_failed'; readonly detail: string };

/** Content-addressed storage of media bytes. */
export type BlobStore = {
  /**
   * Streams bytes into storage while they arrive, hashing them on the way, never holding the
   * whole file in memory. Stops at the first byte over `maxBytes`. Whatever the outcome, nothing
   * partial is left behind; when the bytes are already stored, the existing blob is kept and its
   * `modifiedAt` is refreshed, so a sweep of unreferenced blobs that spares recent ones never
   * removes bytes an upload has just put and is about to record.
   */
  put(
    source: AsyncIterable<Uint8Array>,
    options: { readonly maxBytes: number },
  ): Promise<
    { readonly ok: true; readonly blob: StoredBlob } | { readonly ok: false; readonly error: BlobPutError }
  >;
  /** Reads a blob, or its inclusive byte range `[start, end]`; rejects when absent. */
  read(key: string, range?: { readonly start: number; readonly end: number }): AsyncIterable<Uint8Array>;
  /** The size of a blob, or null when absent. */
  size(key: string): Promise<number | null>;
  /**
   * Size and `modifiedAt` of one blob read now, or null when absent: the orphan sweep's last look
   * before it deletes, so an upload that touched the bytes after the listing is seen.
   */
  stat(key: string): Promise<BlobFacts | null>;
  /** Removes a blob (no-op when absent). Callers make sure no asset refers to it. */
  delete(key: string): Promise<void>;
  /** Every stored blob, in no particular order, read lazily (for the orphaned-blob sweep). */
  list(): AsyncIterable<ListedBlob>;
};

/** Read access to stored bytes, for adapters that upload files to a platform. */
export type BlobReader = Pick<BlobStore, 'read' | 'size'>;
