import {
  type BlobReader,
  DEFAULT_PLATFORM_FEATURES,
  DEFAULT_TIKTOK_PKCE_ENCODING,
  type PlatformGateway,
  scopesFor,
  type TikTokPkceEncoding,
} from '@svc/core';
import { definePlatformGateway } from '../shared/define-platform-gateway.js';
import type { PlatformGatewayOptions } from '../shared/platform-gateway-options.js';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { takeTikTokPhotoStep } from './take-tiktok-photo-step.js';
import { takeTikTokVideoStep } from './take-tiktok-video-step.js';
import { checkChunkSize, DEFAULT_CHUNK_BYTES } from './tiktok-chunk-plan.js';
import { createTikTokClient, type TikTokReadContext } from './tiktok-client.js';
import { tiktokCredentialsSchema } from './tiktok-credentials.js';
import { TikTokRequestError } from './tiktok-failure.js';
import { createTikTokMemory } from './tiktok-memory.js';
import { readTikTokFollowers, readTikTokMetrics, TIKTOK_METRICS_BATCH } from './tiktok-metrics.js';
import { createTikTokOAuth } from './tiktok-oauth.js';
import { readTikTokPostingOptions } from './tiktok-posting-options.js';
import { tiktokProgressSchema } from './tiktok-progress.js';
import { readTikTokPublicId } from './tiktok-public-id.js';
import { toTikTokRequest } from './to-tiktok-request.js';

/**
 * Configuration of the TikTok gateway (Content Posting API, platforms.md 2). Links default to
 * `https://www.tiktok.com/@<username>` and `…/video/<id>`; scopes to user.info.basic,
 * user.info.profile and video.publish, with user.info.stats and video.list when analytics is on.
 */
export type TikTokGatewayConfig = PlatformGatewayOptions<{ readonly www: string; readonly api: string }> & {
  /** Stored media, which videos are uploaded from. */
  readonly blobs: BlobReader;
  /** Default 10 MiB; TikTok takes 5 to 64 MiB (smaller videos go whole). Chunks get at least two minutes. */
  readonly chunkSizeBytes?: number;
  /** How the PKCE challenge is written (TIKTOK_PKCE_ENCODING); default `hex`. */
  readonly pkceEncoding?: TikTokPkceEncoding;
  /**
   * The domain or URL prefix verified for the app that photos are pulled from
   * (TIKTOK_VERIFIED_MEDIA_PREFIX); null when none is configured, which refuses photo posts.
   * Absent: photo links are sent as they are (a simulator that checks none).
   */
  readonly verifiedMediaPrefix?: string | null;
  /** The prefix of the service's own media links (`${SVC_BASE_URL}/media/`), moved under the verified one. */
  readonly ownMediaPrefix?: string;
  /** TIKTOK_PHOTO_RESEND_AFTER_MS; default 10 minutes (`DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS`). */
  readonly photoResendAfterMs?: number;
};

/**
 * How long a photo post whose `content/init` answer was lost is looked for before it is sent
 * again: TikTok lists a post only once it is processed and reviewed, which can take minutes, and
 * sending too early makes a duplicate.
 */
export const DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS = 10 * 60_000;

/** A PlatformGateway for TikTok: video uploads in chunks from our storage, photo posts by link. */
export function createTikTokGateway(config: TikTokGatewayConfig): PlatformGateway {
  const { clock, hosts } = config;
  const chunkSizeBytes = config.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES;
  checkChunkSize(chunkSizeBytes);
  const client = createTikTokClient(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs });
  const memory = createTikTokMemory();
  const reads: TikTokReadContext = { client, api: hosts.api, now: () => clock.now() };
  const profileUrl = config.links?.profile ?? ((username: string) => `https://www.tiktok.com/@${username}`);
  const postUrl =
    config.links?.post ??
    ((username: string, id: string) => `https://www.tiktok.com/@${username}/video/${id}`);

  const photoSource =
    config.verifiedMediaPrefix === undefined
      ? null
      : { verifiedPrefix: config.verifiedMediaPrefix, ownMediaPrefix: config.ownMediaPrefix ?? null };

  const gateway = definePlatformGateway({
    platform: 'tiktok',
    names: { platform: 'TikTok', account: 'account' },
    // Access tokens live 24 h (or 2 h in newer documentation); refresh well before either ends.
    refreshMarginMs: 10 * 60_000,
    clock,
    credentials: tiktokCredentialsSchema,
    progress: tiktokProgressSchema,
    toRequest: (job) => toTikTokRequest(job.post, job.media),
    step({ job, credentials, progress, request, now }) {
      const input = {
        client,
        api: hosts.api,
        accessToken: credentials.accessToken,
        handle: job.account.handle,
        postId: job.post.id,
        progress,
        now,
        blobs: config.blobs,
        memory,
        postUrl,
        photoSource,
        photoResendAfterMs: config.photoResendAfterMs ?? DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS,
      };
      return request.kind === 'video'
        ? takeTikTokVideoStep(input, request, chunkSizeBytes)
        : takeTikTokPhotoStep(input, request);
    },
    classifyFailure: (error, call) =>
      error instanceof TikTokRequestError ? classifyTikTokFailure(error.failure, call.now) : null,
    oauth: createTikTokOAuth({
      client,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      hosts,
      scopes: config.scopes ?? scopesFor('tiktok', config.features ?? DEFAULT_PLATFORM_FEATURES),
      pkceEncoding: config.pkceEncoding ?? DEFAULT_TIKTOK_PKCE_ENCODING,
      now: () => clock.now(),
      profileUrl,
    }),
    metrics: {
      batchSize: TIKTOK_METRICS_BATCH,
      read: (credentials, targets) => readTikTokMetrics(reads, credentials, targets),
      followers: (credentials) => readTikTokFollowers(reads, credentials),
      publicId: (credentials, target) => readTikTokPublicId(reads, credentials, target, postUrl),
    },
    postingOptions: (credentials) => readTikTokPostingOptions(reads, credentials),
  });
  return photoSource === null ? gateway : { ...gateway, photoPullPrefix: photoSource.verifiedPrefix };
}
