import type { BlobReader, MediaFetcher } from '@svc/core';
import type { GoogleClient } from './google-client.js';
import type { YouTubeRequest } from './to-youtube-request.js';
import type { YouTubeProgress } from './youtube-progress.js';

/** Everything one step of a YouTube publish needs. */
export type YouTubeStepInput = {
  readonly google: GoogleClient;
  /** www.googleapis.com or its stand-in. */
  readonly api: string;
  readonly blobs: BlobReader;
  readonly fetcher: MediaFetcher;
  readonly chunkSizeBytes: number;
  /** The timeout of one chunk's PUT. */
  readonly chunkTimeoutMs: number;
  readonly videoUrl: (videoId: string) => string;
  readonly accessToken: string;
  readonly upload: YouTubeRequest;
  readonly progress: YouTubeProgress;
  readonly now: Date;
};

/** The bearer header of the account's access token (a step's input, or the stored credentials). */
export function bearer(input: { readonly accessToken: string }): Record<string, string> {
  return { authorization: `Bearer ${input.accessToken}` };
}
