import type { BlobReader, MediaFetcher, PlatformGateway } from '@svc/core';
import { definePlatformGateway } from '../shared/define-platform-gateway.js';
import type { PlatformGatewayOptions } from '../shared/platform-gateway-options.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import { createGoogleClient } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { takeYouTubeStep } from './take-youtube-step.js';
import { toYouTubeRequest } from './to-youtube-request.js';
import { youtubeCredentialsSchema } from './youtube-credentials.js';
import { createYouTubeFirstComments } from './youtube-first-comments.js';
import {
  readYouTubeFollowers,
  readYouTubeMetrics,
  YOUTUBE_METRICS_BATCH,
  type YouTubeReadContext,
} from './youtube-metrics.js';
import { createYouTubeOAuth } from './youtube-oauth.js';
import { youtubeProgressSchema } from './youtube-progress.js';

/**
 * Configuration of the YouTube (Shorts) gateway. Links default to
 * `https://www.youtube.com/channel/<id>` and `https://www.youtube.com/shorts/<id>`; scopes to
 * youtube.upload and youtube.readonly.
 */
export type YouTubeGatewayConfig = PlatformGatewayOptions<{
  readonly accounts: string;
  readonly oauth2: string;
  readonly api: string;
}> & {
  /** Our storage, which videos are uploaded from. */
  readonly blobs: BlobReader;
  /** The SSRF-safe fetcher, for `platformMeta.youtube.thumbnailUrl` (at most 2 MB). */
  readonly fetcher: MediaFetcher;
  /** Bytes per upload step; a multiple of 256 KiB, default 8 MiB. */
  readonly chunkSizeBytes?: number;
};

const DEFAULT_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
];
const GRANULE_BYTES = 256 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
// A chunk's PUT gets the call timeout plus the time it needs at a slow but working 256 KiB/s.
const SLOWEST_BYTES_PER_MS = 256;

/** A PlatformGateway for YouTube Shorts (platforms.md 3), uploading stored videos resumably. */
export function createYouTubeGateway(config: YouTubeGatewayConfig): PlatformGateway {
  const { clock } = config;
  const chunkSizeBytes = config.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isInteger(chunkSizeBytes) || chunkSizeBytes <= 0 || chunkSizeBytes % GRANULE_BYTES !== 0) {
    throw new Error(`createYouTubeGateway: chunkSizeBytes must be a positive multiple of ${GRANULE_BYTES}`);
  }
  const timeoutMs = config.timeoutMs ?? 30_000;
  const google = createGoogleClient({ timeoutMs });
  const reads: YouTubeReadContext = { google, api: config.hosts.api, now: () => clock.now() };
  const links = {
    profile: config.links?.profile ?? ((id: string) => `https://www.youtube.com/channel/${id}`),
    post: config.links?.post ?? ((_channelId: string, id: string) => `https://www.youtube.com/shorts/${id}`),
  };

  const gateway = definePlatformGateway({
    platform: 'youtube',
    names: { platform: 'YouTube', account: 'channel' },
    // Access tokens live an hour; refreshing five minutes early keeps a publish from meeting a 401.
    refreshMarginMs: 5 * 60_000,
    clock,
    credentials: youtubeCredentialsSchema,
    progress: youtubeProgressSchema,
    toRequest: (job) => toYouTubeRequest(job.post, job.media),
    step: ({ credentials, progress, request, now }) =>
      takeYouTubeStep({
        google,
        api: config.hosts.api,
        blobs: config.blobs,
        fetcher: config.fetcher,
        chunkSizeBytes,
        chunkTimeoutMs: timeoutMs + Math.ceil(chunkSizeBytes / SLOWEST_BYTES_PER_MS),
        videoUrl: (videoId) => links.post(credentials.channelId, videoId),
        accessToken: credentials.accessToken,
        upload: request,
        progress,
        now,
      }),
    classifyFailure: (error, call) =>
      error instanceof GoogleRequestError ? classifyGoogleFailure(error.failure, call.now) : null,
    metrics: {
      batchSize: YOUTUBE_METRICS_BATCH,
      read: (credentials, targets) => readYouTubeMetrics(reads, credentials, targets),
      followers: (credentials) => readYouTubeFollowers(reads, credentials),
    },
    oauth: createYouTubeOAuth({
      google,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      hosts: config.hosts,
      scopes: config.scopes ?? DEFAULT_SCOPES,
      channelUrl: links.profile,
      now: () => clock.now(),
    }),
  });
  return { ...gateway, firstComments: createYouTubeFirstComments({ google, api: config.hosts.api, clock }) };
}
