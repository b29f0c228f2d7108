/** What the bytes of a file say about it. */
export type MediaFacts = {
  /** MIME type detected from the bytes; null when the bytes match no known type. */
  readonly contentType: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
};

/** Reads type, pixel size and duration from stored bytes (never from names or headers). */
export type MediaInspector = {
  inspect(blobKey: string): Promise<MediaFacts>;
};
