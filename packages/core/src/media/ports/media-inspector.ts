/** What the bytes of a stored file say about it. */
export type MediaFacts = {
  /** MIME type detected from the bytes (magic numbers); null when they match no known type. */
  readonly contentType: string | null;
  /** Pixel size of an image or of a video's picture; null when unknown. */
  readonly width: number | null;
  readonly height: number | null;
  /** A video's duration; null for images and when unknown. */
  readonly durationMs: number | null;
  /**
   * An image's colour space as its decoder names it (`srgb`, `cmyk`, `b-w`, …) and its bits per
   * channel; absent or null when unknown. Not stored with an asset: read when a platform needs it.
   */
  readonly colorSpace?: string | null;
  readonly bitsPerChannel?: number | null;
};

/** Reads type, pixel size and duration from stored bytes, never from names or headers. */
export type MediaInspector = {
  inspect(blobKey: string): Promise<MediaFacts>;
};
