import { createHash, randomBytes } from 'node:crypto';
import { postWithRecordId } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxState } from '../shared/sandbox-state.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import type { YouTubeVideo } from './youtube-state.js';

/** The parts of a video resource the simulator renders. */
export const VIDEO_PARTS: ReadonlySet<string> = new Set([
  'id',
  'snippet',
  'status',
  'processingDetails',
  'statistics',
]);

/** A fresh video id: 64 random bits in base64url, 11 characters like YouTube's, unique within this state. */
export function newVideoId(state: SandboxState): string {
  for (;;) {
    const id = randomBytes(8).toString('base64url');
    if (!state.ids.has(id)) {
      state.ids.add(id);
      return id;
    }
  }
}

/** An ETag-like fingerprint of a rendered resource. */
export function etagOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}

/** The public page of a video, as the sandbox records it. */
export function shortsUrl(ctx: SandboxContext, videoId: string): string {
  return `${ctx.sandboxUrl}/youtube/shorts/${videoId}`;
}

/** Thumbnail links in Google's three default sizes (placeholder images the sandbox serves). */
export function videoThumbnails(ctx: SandboxContext, videoId: string, version = '') {
  const url = (name: string) => `${ctx.sandboxUrl}/youtube/vi/${videoId}/${name}.svg${version}`;
  return {
    default: { url: url('default'), width: 120, height: 90 },
    medium: { url: url('mqdefault'), width: 320, height: 180 },
    high: { url: url('hqdefault'), width: 480, height: 360 },
  };
}

/** Where a video is in its life by the sandbox clock: processing takes `readyAfter.video`. */
function lifecycle(ctx: SandboxContext, video: YouTubeVideo) {
  const now = nowOf(ctx);
  const readyAt = video.uploadedAt + ctx.state.settings.readyAfter.video;
  if (now < readyAt) {
    const total = Math.max(1, readyAt - video.uploadedAt);
    return {
      status: { uploadStatus: 'uploaded' },
      processing: {
        processingStatus: 'processing',
        processingProgress: {
          partsTotal: '1000',
          partsProcessed: String(Math.floor(((now - video.uploadedAt) / total) * 1000)),
          timeLeftMs: String(readyAt - now),
        },
      },
      live: false,
    };
  }
  const { outcome } = video;
  if (outcome.kind === 'rejected') {
    return {
      status: { uploadStatus: 'rejected', rejectionReason: outcome.rejectionReason },
      processing: { processingStatus: 'succeeded' },
      live: false,
    };
  }
  if (outcome.kind === 'failed') {
    return {
      status: { uploadStatus: 'failed', failureReason: outcome.failureReason },
      processing: { processingStatus: 'failed', processingFailureReason: 'transcodeFailed' },
      live: false,
    };
  }
  return { status: { uploadStatus: 'processed' }, processing: { processingStatus: 'succeeded' }, live: true };
}

/** Whether the video plays for everyone now: processed, and public (or past its `publishAt`). */
export function isWatchable(ctx: SandboxContext, video: YouTubeVideo): boolean {
  return lifecycle(ctx, video).live && privacyOf(ctx, video) === 'public';
}

/** The privacy a video has now: a scheduled private video turns public at `publishAt`. */
function privacyOf(ctx: SandboxContext, video: YouTubeVideo): string {
  const { publishAt, privacyStatus } = video.settings;
  return publishAt !== null && nowOf(ctx) >= Date.parse(publishAt) ? 'public' : privacyStatus;
}

/**
 * A `youtube#video` resource with the requested parts. The owner sees everything; others do not
 * see `processingDetails` or the self-declared audience setting, as on YouTube.
 */
export function renderVideo(
  ctx: SandboxContext,
  video: YouTubeVideo,
  parts: ReadonlySet<string>,
  owner: boolean,
): Record<string, unknown> {
  const life = lifecycle(ctx, video);
  const { snippet, settings } = video;
  const body: Record<string, unknown> = { kind: 'youtube#video', id: video.id };
  if (parts.has('snippet')) {
    body.snippet = {
      publishedAt: new Date(video.uploadedAt).toISOString(),
      channelId: video.channelId,
      title: snippet.title,
      description: snippet.description,
      thumbnails: videoThumbnails(ctx, video.id),
      channelTitle: video.handle,
      ...(snippet.tags.length === 0 ? {} : { tags: snippet.tags }),
      categoryId: snippet.categoryId,
      liveBroadcastContent: 'none',
      ...(snippet.defaultLanguage === null ? {} : { defaultLanguage: snippet.defaultLanguage }),
      localized: { title: snippet.title, description: snippet.description },
    };
  }
  if (parts.has('status')) {
    body.status = {
      ...life.status,
      privacyStatus: privacyOf(ctx, video),
      ...(settings.publishAt === null ? {} : { publishAt: settings.publishAt }),
      license: settings.license,
      embeddable: settings.embeddable,
      publicStatsViewable: true,
      madeForKids: settings.selfDeclaredMadeForKids,
      ...(owner ? { selfDeclaredMadeForKids: settings.selfDeclaredMadeForKids } : {}),
    };
  }
  if (parts.has('processingDetails') && owner) body.processingDetails = life.processing;
  if (parts.has('statistics')) body.statistics = videoStatistics(ctx, video.id);
  return { kind: body.kind, etag: etagOf(body), ...body };
}

/**
 * `statistics` of a video, as YouTube writes them (strings): `simulatedMetric` of its publication
 * at the sandbox clock's time; all "0" for a video that was never published (rejected or failed).
 */
export function videoStatistics(ctx: SandboxContext, videoId: string): Record<string, string> {
  const post = postWithRecordId(ctx.state.postIndex, 'youtube', videoId);
  const count = (metric: string) =>
    String(
      post === undefined ? 0 : simulatedMetric('youtube', videoId, metric, post.record.at, ctx.clock.now()),
    );
  return {
    viewCount: count('viewCount'),
    likeCount: count('likeCount'),
    favoriteCount: count('favoriteCount'),
    commentCount: count('commentCount'),
  };
}
