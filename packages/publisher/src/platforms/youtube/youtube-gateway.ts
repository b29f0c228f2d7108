import type { BlobReader, Clock, MediaFetcher, PlatformGateway, PublishJob, PublishStep } from '@svc/core';
import { classifyGoogleFailure } from './classify-google-failure.js';
import { createGoogleClient } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { takeYouTubeStep } from './take-youtube-step.js';
import { toYouTubeUpload } from './to-youtube-upload.js';
import {
  exchangeYouTubeCode,
  refreshYouTubeCredentials,
  type YouTubeOAuthConfig,
  youtubeAuthorizeUrl,
  youtubeCredentialsSchema,
} from './youtube-oauth.js';
import { youtubeProgressSchema } from './youtube-progress.js';

/** Configuration of the YouTube (Shorts) gateway. */
export type YouTubeGatewayConfig = {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Base URLs, which may carry a path (the sandbox's do); YOUTUBE_DEFAULT_HOSTS in production. */
  readonly hosts: { readonly accounts: string; readonly oauth2: string; readonly api: string };
  readonly clock: Clock;
  /** Our storage, which videos are uploaded from. */
  readonly blobs: BlobReader;
  /** The SSRF-safe fetcher, for `platformMeta.youtube.thumbnailUrl` (at most 2 MB). */
  readonly fetcher: MediaFetcher;
  /** Default youtube.upload and youtube.readonly. */
  readonly scopes?: readonly string[];
  /** Default `https://www.youtube.com/channel/<id>`. */
  readonly channelUrl?: (channelId: string) => string;
  /** Default `https://www.youtube.com/shorts/<id>`. */
  readonly videoUrl?: (videoId: string) => string;
  /** Bytes per upload step; a multiple of 256 KiB, default 8 MiB. */
  readonly chunkSizeBytes?: number;
  /** Per call, default 30 s; a chunk's PUT gets this plus the chunk's time at 256 KiB/s (32 s for 8 MiB). */
  readonly timeoutMs?: number;
};

const DEFAULT_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
];
const GRANULE_BYTES = 256 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
// A chunk gets the call timeout plus the time it needs at a slow but working 256 KiB/s.
const SLOWEST_BYTES_PER_MS = 256;

/** A PlatformGateway for YouTube Shorts (platforms.md 3), uploading stored videos resumably. */
export function createYouTubeGateway(config: YouTubeGatewayConfig): PlatformGateway {
  const chunkSizeBytes = config.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isInteger(chunkSizeBytes) || chunkSizeBytes <= 0 || chunkSizeBytes % GRANULE_BYTES !== 0) {
    throw new Error(`createYouTubeGateway: chunkSizeBytes must be a positive multiple of ${GRANULE_BYTES}`);
  }
  const timeoutMs = config.timeoutMs ?? 30_000;
  const google = createGoogleClient({ timeoutMs });
  const videoUrl = config.videoUrl ?? ((id: string) => `https://www.youtube.com/shorts/${id}`);
  const oauth: YouTubeOAuthConfig = {
    google,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    hosts: config.hosts,
    scopes: config.scopes ?? DEFAULT_SCOPES,
    channelUrl: config.channelUrl ?? ((id: string) => `https://www.youtube.com/channel/${id}`),
    now: () => config.clock.now(),
  };

  async function publishStep(job: PublishJob): Promise<PublishStep> {
    const credentials = youtubeCredentialsSchema.safeParse(job.credentials);
    if (!credentials.success) {
      return { kind: 'needs_reconnect', reason: 'The stored YouTube tokens of the channel are unreadable.' };
    }
    const progress = youtubeProgressSchema.safeParse(job.post.publishProgress ?? {});
    if (!progress.success) {
      return {
        kind: 'failed',
        reason:
          'The saved YouTube publish progress is unreadable; check the channel before scheduling the post again.',
      };
    }
    const request = toYouTubeUpload(job.post, job.media);
    if (request.kind === 'refused') return { kind: 'failed', reason: request.reason };
    const now = config.clock.now();
    try {
      return await takeYouTubeStep({
        google,
        api: config.hosts.api,
        blobs: config.blobs,
        fetcher: config.fetcher,
        chunkSizeBytes,
        chunkTimeoutMs: timeoutMs + Math.ceil(chunkSizeBytes / SLOWEST_BYTES_PER_MS),
        videoUrl,
        accessToken: credentials.data.accessToken,
        upload: request.upload,
        progress: progress.data,
        now,
      });
    } catch (error) {
      if (!(error instanceof GoogleRequestError)) throw error;
      return classifyGoogleFailure(error.failure, now);
    }
  }

  return {
    platform: 'youtube',
    // Access tokens live an hour; refreshing five minutes early keeps a publish from meeting a 401.
    refreshMarginMs: 5 * 60_000,
    authorizeUrl: (request) => youtubeAuthorizeUrl(oauth, request),
    exchangeCode: (input) => exchangeYouTubeCode(oauth, input),
    publishStep,
    refreshCredentials: (_account, stored) => refreshYouTubeCredentials(oauth, stored),
  };
}
