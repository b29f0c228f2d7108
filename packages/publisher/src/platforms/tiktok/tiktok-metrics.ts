import type { FollowersAnswer, MetricsAnswer, MetricsTarget } from '@svc/core';
import { type ReadRefusals, readOrRefusal } from '../shared/read-or-refusal.js';
import { readingsById } from '../shared/readings-by-id.js';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { TIKTOK_PATHS, tiktokUserInfoSchema, tiktokVideoQuerySchema } from './tiktok-api.js';
import type { TikTokReadContext } from './tiktok-client.js';
import type { TikTokCredentials } from './tiktok-credentials.js';
import { type TikTokFailure, TikTokRequestError } from './tiktok-failure.js';

/** `video/query` takes at most 20 video ids (platforms.md 2.5). */
export const TIKTOK_METRICS_BATCH = 20;
const FIELDS = 'id,view_count,like_count,comment_count,share_count';

// TikTok's refusals as a read's answer; a missing scope marks the account's coverage.
const REFUSALS: ReadRefusals<TikTokFailure> = {
  failureOf: (error) => (error instanceof TikTokRequestError ? error.failure : undefined),
  scopeMissing: ({ code }) => code === 'scope_not_authorized' || code === 'scope_permission_missed',
  classify: classifyTikTokFailure,
  account: 'The TikTok account',
};

/**
 * Views, likes, comments and shares of up to 20 of the creator's videos in one call. Videos
 * TikTok leaves out (not public, removed, or a post whose public id was never given) are not
 * available; a token without `video.list` marks the account's coverage.
 */
export function readTikTokMetrics(
  ctx: TikTokReadContext,
  credentials: TikTokCredentials,
  targets: readonly MetricsTarget[],
): Promise<MetricsAnswer> {
  return readOrRefusal(ctx, REFUSALS, 'video.list', async () => {
    const answer = await ctx.client.api(tiktokVideoQuerySchema, {
      method: 'POST',
      url: `${ctx.api}${TIKTOK_PATHS.videoQuery}?fields=${FIELDS}`,
      accessToken: credentials.accessToken,
      json: { filters: { video_ids: targets.map((target) => target.platformPostId) } },
    });
    const byVideo = new Map(answer.videos.map((video) => [video.id, video]));
    return readingsById(targets, byVideo, (video) => ({
      views: video.view_count,
      likes: video.like_count,
      comments: video.comment_count,
      shares: video.share_count,
    }));
  });
}

/** The creator's follower count (`user.info.stats`; without it, the account's coverage says so). */
export function readTikTokFollowers(
  ctx: TikTokReadContext,
  credentials: TikTokCredentials,
): Promise<FollowersAnswer> {
  return readOrRefusal(ctx, REFUSALS, 'user.info.stats', async () => {
    const { user } = await ctx.client.api(tiktokUserInfoSchema, {
      method: 'GET',
      url: `${ctx.api}${TIKTOK_PATHS.userInfo}`,
      accessToken: credentials.accessToken,
      query: { fields: 'open_id,follower_count' },
    });
    return { kind: 'followers', count: user.follower_count ?? null };
  });
}
