import type { FollowersAnswer, MetricName, MetricsAnswer, MetricsTarget } from '@svc/core';
import type { z } from 'zod';
import type { AccountProfile } from './container-oauth.js';
import type { GraphClient } from './graph-client.js';
import { readGraphFollowers, readGraphMetrics, readInsights } from './graph-metrics.js';
import type { UserTokenCredentials } from './user-token-credentials.js';

/**
 * One Instagram or Threads post's metrics from its `insights` edge (platforms.md 1.5, 4.4): one
 * call per post, since the edge takes one media id.
 */
export function readContainerMetrics(
  ctx: {
    readonly graph: GraphClient;
    readonly base: string;
    readonly platformName: string;
    readonly now: Date;
  },
  names: Readonly<Record<string, MetricName>>,
  credentials: UserTokenCredentials,
  targets: readonly MetricsTarget[],
): Promise<MetricsAnswer> {
  const [target] = targets;
  if (target === undefined) return Promise.resolve({ kind: 'read', readings: [] });
  const graphCtx = { ...ctx, accessToken: credentials.accessToken };
  return readGraphMetrics(graphCtx, target, () => readInsights(graphCtx, target.platformPostId, names));
}

/** The account's follower count from `/me` (Threads gives none there: null). */
export function readContainerFollowers(
  ctx: {
    readonly graph: GraphClient;
    readonly base: string;
    readonly platformName: string;
    readonly now: Date;
  },
  profile: { readonly fields: string; readonly schema: z.ZodType<AccountProfile> },
  credentials: UserTokenCredentials,
): Promise<FollowersAnswer> {
  return readGraphFollowers(ctx, async () => {
    const me = await ctx.graph.get(profile.schema, `${ctx.base}/me`, {
      fields: profile.fields,
      access_token: credentials.accessToken,
    });
    return me.followerCount;
  });
}
