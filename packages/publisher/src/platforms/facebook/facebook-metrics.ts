import type { FollowersAnswer, MetricsAnswer, MetricsTarget } from '@svc/core';
import { z } from 'zod';
import type { GraphClient } from '../meta/graph-client.js';
import { insightsSchema, readGraphFollowers, readGraphMetrics } from '../meta/graph-metrics.js';
import { definedCounts } from '../shared/defined-counts.js';
import type { FacebookCredentials } from './facebook-credentials.js';

const ENGAGEMENT_FIELDS =
  'shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)';
const total = z.looseObject({ summary: z.looseObject({ total_count: z.number() }).optional() }).optional();

/** A Page post's counters: `shares` is left out by Graph when nobody shared. */
export const facebookEngagementSchema = z.looseObject({
  shares: z.looseObject({ count: z.number() }).optional(),
  reactions: total,
  comments: total,
});

/**
 * One Page post's metrics (platforms.md 5.3): reactions, comments and shares of a feed or photo
 * post (`<pageId>_<postId>`) from its counters; plays of a reel (a video id) from its
 * `video_insights`. One call per post.
 */
export function readFacebookMetrics(
  ctx: { readonly graph: GraphClient; readonly base: string; readonly now: Date },
  credentials: FacebookCredentials,
  targets: readonly MetricsTarget[],
): Promise<MetricsAnswer> {
  const [target] = targets;
  if (target === undefined) return Promise.resolve({ kind: 'read', readings: [] });
  const graphCtx = { ...ctx, accessToken: credentials.pageAccessToken, platformName: 'Facebook' };
  const id = target.platformPostId;
  if (!id.includes('_')) {
    return readGraphMetrics(graphCtx, target, async () => {
      const answer = await ctx.graph.get(insightsSchema, `${ctx.base}/${id}/video_insights`, {
        metric: 'blue_reels_play_count',
        access_token: credentials.pageAccessToken,
      });
      const plays = answer.data.find((entry) => entry.name === 'blue_reels_play_count')?.values[0]?.value;
      return plays === undefined ? {} : { views: plays };
    });
  }
  return readGraphMetrics(graphCtx, target, async () => {
    const answer = await ctx.graph.get(facebookEngagementSchema, `${ctx.base}/${id}`, {
      fields: ENGAGEMENT_FIELDS,
      access_token: credentials.pageAccessToken,
    });
    return definedCounts({
      shares: answer.shares?.count ?? 0,
      reactions: answer.reactions?.summary?.total_count,
      comments: answer.comments?.summary?.total_count,
    });
  });
}

const pageFollowersSchema = z.looseObject({ followers_count: z.number().int().nonnegative().optional() });

/** The Page's follower count (`followers_count` of the Page). */
export function readFacebookFollowers(
  ctx: { readonly graph: GraphClient; readonly base: string; readonly now: Date },
  credentials: FacebookCredentials,
): Promise<FollowersAnswer> {
  return readGraphFollowers({ platformName: 'Facebook', now: ctx.now }, async () => {
    const page = await ctx.graph.get(pageFollowersSchema, `${ctx.base}/${credentials.pageId}`, {
      fields: 'followers_count',
      access_token: credentials.pageAccessToken,
    });
    return page.followers_count ?? null;
  });
}
