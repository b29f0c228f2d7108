import type { FollowersAnswer, MetricsAnswer, MetricsTarget } from '@svc/core';
import { type ReadRefusals, readOrRefusal } from '../shared/read-or-refusal.js';
import { readingsById } from '../shared/readings-by-id.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import type { GoogleClient } from './google-client.js';
import { type GoogleFailure, GoogleRequestError } from './google-failure.js';
import { channelListSchema, videoStatisticsListSchema } from './youtube-api.js';
import type { YouTubeCredentials } from './youtube-credentials.js';
import { youtubeData } from './youtube-data.js';

/** What the channel reads (metrics, subscribers) call the YouTube Data API with. */
export type YouTubeReadContext = {
  readonly google: GoogleClient;
  readonly api: string;
  readonly now: () => Date;
};

/** `videos.list` takes at most 50 ids (platforms.md 3.5). */
export const YOUTUBE_METRICS_BATCH = 50;

// Google's refusals as a read's answer; without youtube.readonly, the account's coverage.
const REFUSALS: ReadRefusals<GoogleFailure> = {
  failureOf: (error) => (error instanceof GoogleRequestError ? error.failure : undefined),
  scopeMissing: (failure) => failure.reason === 'insufficientPermissions',
  classify: classifyGoogleFailure,
  account: 'The YouTube channel',
};

/**
 * Views, likes and comments of up to 50 videos in one `videos.list` call (1 quota unit). A video
 * YouTube leaves out (deleted, private to someone else) is not available; a hidden count is
 * absent, not zero; a token without `youtube.readonly` marks the account's coverage.
 */
export function readYouTubeMetrics(
  ctx: YouTubeReadContext,
  credentials: YouTubeCredentials,
  targets: readonly MetricsTarget[],
): Promise<MetricsAnswer> {
  return readOrRefusal(ctx, REFUSALS, 'youtube.readonly', async () => {
    const answer = await youtubeData(ctx, credentials.accessToken, videoStatisticsListSchema, {
      method: 'GET',
      resource: 'videos',
      searchParams: { part: 'statistics', id: targets.map((target) => target.platformPostId).join(',') },
    });
    const byVideo = new Map(answer.items.map((item) => [item.id, item.statistics ?? {}]));
    return readingsById(targets, byVideo, (statistics) => ({
      views: statistics.viewCount,
      likes: statistics.likeCount,
      comments: statistics.commentCount,
    }));
  });
}

/** The channel's subscriber count; null when the channel hides it. */
export function readYouTubeFollowers(
  ctx: YouTubeReadContext,
  credentials: YouTubeCredentials,
): Promise<FollowersAnswer> {
  return readOrRefusal(ctx, REFUSALS, 'youtube.readonly', async () => {
    const listed = await youtubeData(ctx, credentials.accessToken, channelListSchema, {
      method: 'GET',
      resource: 'channels',
      searchParams: { part: 'statistics', mine: 'true' },
    });
    const statistics = listed.items?.[0]?.statistics;
    const count = Number(statistics?.subscriberCount);
    return {
      kind: 'followers',
      count: statistics?.hiddenSubscriberCount === true || !Number.isFinite(count) ? null : count,
    };
  });
}
