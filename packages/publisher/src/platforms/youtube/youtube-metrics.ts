import type { FollowersAnswer, MetricsAnswer, MetricsTarget } from '@svc/core';
import { metricsAnswerOf } from '../shared/metrics-answer-of.js';
import { readingsById } from '../shared/readings-by-id.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import type { GoogleClient } from './google-client.js';
import { GoogleRequestError } from './google-failure.js';
import { channelListSchema, videoStatisticsListSchema } from './youtube-api.js';
import type { YouTubeCredentials } from './youtube-credentials.js';
import { bearer } from './youtube-step-input.js';

/** What the channel reads (metrics, subscribers) call the YouTube Data API with. */
export type YouTubeReadContext = {
  readonly google: GoogleClient;
  readonly api: string;
  readonly now: () => Date;
};

/** `videos.list` takes at most 50 ids (platforms.md 3.5). */
export const YOUTUBE_METRICS_BATCH = 50;

/**
 * Views, likes and comments of up to 50 videos in one `videos.list` call (1 quota unit). A video
 * YouTube leaves out (deleted, private to someone else) is not available; a hidden count is
 * absent, not zero; a token without `youtube.readonly` marks the account's coverage.
 */
export async function readYouTubeMetrics(
  ctx: YouTubeReadContext,
  credentials: YouTubeCredentials,
  targets: readonly MetricsTarget[],
): Promise<MetricsAnswer> {
  try {
    const answer = await ctx.google.json(videoStatisticsListSchema, {
      method: 'GET',
      url: `${ctx.api}/youtube/v3/videos`,
      searchParams: { part: 'statistics', id: targets.map((target) => target.platformPostId).join(',') },
      headers: bearer(credentials),
    });
    const byVideo = new Map(answer.items.map((item) => [item.id, item.statistics ?? {}]));
    return readingsById(targets, byVideo, (statistics) => ({
      views: statistics.viewCount,
      likes: statistics.likeCount,
      comments: statistics.commentCount,
    }));
  } catch (error) {
    return refusalOf(error, ctx.now());
  }
}

/** The channel's subscriber count; null when the channel hides it. */
export async function readYouTubeFollowers(
  ctx: YouTubeReadContext,
  credentials: YouTubeCredentials,
): Promise<FollowersAnswer> {
  try {
    const listed = await ctx.google.json(channelListSchema, {
      method: 'GET',
      url: `${ctx.api}/youtube/v3/channels`,
      searchParams: { part: 'statistics', mine: 'true' },
      headers: bearer(credentials),
    });
    const statistics = listed.items?.[0]?.statistics;
    const count = Number(statistics?.subscriberCount);
    return {
      kind: 'followers',
      count: statistics?.hiddenSubscriberCount === true || !Number.isFinite(count) ? null : count,
    };
  } catch (error) {
    return refusalOf(error, ctx.now());
  }
}

// A Google refusal as a read's answer (without youtube.readonly: the account's coverage);
// anything that is not Google's refusal is rethrown.
function refusalOf(error: unknown, now: Date): Exclude<MetricsAnswer, { readonly kind: 'read' }> {
  if (!(error instanceof GoogleRequestError)) throw error;
  if (error.failure.reason === 'insufficientPermissions') {
    return {
      kind: 'scope_missing',
      reason: 'The YouTube channel did not grant youtube.readonly; reconnect it to read metrics.',
    };
  }
  return metricsAnswerOf(classifyGoogleFailure(error.failure, now), now);
}
