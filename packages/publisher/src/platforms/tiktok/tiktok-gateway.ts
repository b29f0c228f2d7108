import type { BlobReader, Clock, PlatformGateway, PublishJob, PublishStep } from '@svc/core';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { takeTikTokPhotoStep } from './take-tiktok-photo-step.js';
import { takeTikTokVideoStep } from './take-tiktok-video-step.js';
import { checkChunkSize, DEFAULT_CHUNK_BYTES } from './tiktok-chunk-plan.js';
import { createTikTokClient } from './tiktok-client.js';
import { tiktokCredentialsSchema } from './tiktok-credentials.js';
import { TikTokRequestError } from './tiktok-failure.js';
import { createTikTokMemory } from './tiktok-memory.js';
import { exchangeTikTokCode, refreshTikTokTokens, tiktokAuthorizeUrl } from './tiktok-oauth.js';
import { readTikTokPostingOptions } from './tiktok-posting-options.js';
import { tiktokProgressSchema } from './tiktok-progress.js';
import { toTikTokRequest } from './to-tiktok-request.js';

/** Configuration of the TikTok gateway (Content Posting API, platforms.md 2). */
export type TikTokGatewayConfig = {
  /** TikTok's client key. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** Base URLs, which may carry a path (the sandbox's do). */
  readonly hosts: { readonly www: string; readonly api: string };
  readonly clock: Clock;
  /** Stored media, which videos are uploaded from. */
  readonly blobs: BlobReader;
  /** Default: user.info.basic, user.info.profile, user.info.stats, video.list, video.publish. */
  readonly scopes?: readonly string[];
  /** Default `https://www.tiktok.com/@<username>`. */
  readonly profileUrl?: (username: string) => string;
  /** Default `https://www.tiktok.com/@<username>/video/<id>`. */
  readonly postUrl?: (username: string, postId: string) => string;
  /** Default 10 MiB; TikTok takes 5 to 64 MiB (smaller videos go whole). */
  readonly chunkSizeBytes?: number;
  /** Per call. Default 30 s; chunk uploads get at least two minutes. */
  readonly timeoutMs?: number;
};

const DEFAULT_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
  'video.publish',
];
// Access tokens live 24 h (or 2 h in newer documentation); refresh well before either ends.
const REFRESH_MARGIN_MS = 10 * 60_000;

/** A PlatformGateway for TikTok: video uploads in chunks from our storage, photo posts by link. */
export function createTikTokGateway(config: TikTokGatewayConfig): PlatformGateway {
  const chunkSizeBytes = config.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES;
  checkChunkSize(chunkSizeBytes);
  const client = createTikTokClient(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs });
  const memory = createTikTokMemory();
  const profileUrl = config.profileUrl ?? ((username: string) => `https://www.tiktok.com/@${username}`);
  const postUrl =
    config.postUrl ?? ((username: string, id: string) => `https://www.tiktok.com/@${username}/video/${id}`);
  const oauth = {
    client,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    hosts: config.hosts,
    scopes: config.scopes ?? DEFAULT_SCOPES,
    now: () => config.clock.now(),
    profileUrl,
  };

  async function publishStep(job: PublishJob): Promise<PublishStep> {
    const credentials = tiktokCredentialsSchema.safeParse(job.credentials);
    if (!credentials.success) {
      return { kind: 'needs_reconnect', reason: 'The stored TikTok tokens of the account are unreadable.' };
    }
    const progress = tiktokProgressSchema.safeParse(job.post.publishProgress ?? {});
    if (!progress.success) {
      return {
        kind: 'failed',
        reason:
          'The saved TikTok publish progress is unreadable; check the account before scheduling the post again.',
      };
    }
    const request = toTikTokRequest(job.post, job.media);
    if (request.kind === 'invalid') return { kind: 'failed', reason: request.reason };
    const now = config.clock.now();
    const input = {
      client,
      api: config.hosts.api,
      accessToken: credentials.data.accessToken,
      handle: job.account.handle,
      postId: job.post.id,
      progress: progress.data,
      now,
      blobs: config.blobs,
      memory,
      postUrl,
    };
    try {
      return request.kind === 'video'
        ? await takeTikTokVideoStep(input, request, chunkSizeBytes)
        : await takeTikTokPhotoStep(input, request);
    } catch (error) {
      if (!(error instanceof TikTokRequestError)) throw error;
      return classifyTikTokFailure(error.failure, now);
    }
  }

  return {
    platform: 'tiktok',
    refreshMarginMs: REFRESH_MARGIN_MS,
    authorizeUrl: (request) => tiktokAuthorizeUrl(oauth, request),
    exchangeCode: (input) => exchangeTikTokCode(oauth, input),
    publishStep,
    async refreshCredentials(_account, stored) {
      const credentials = tiktokCredentialsSchema.safeParse(stored);
      return credentials.success ? refreshTikTokTokens(oauth, credentials.data) : null;
    },
    postingOptions: (credentials) =>
      readTikTokPostingOptions({ client, api: config.hosts.api, now: () => config.clock.now() }, credentials),
  };
}
