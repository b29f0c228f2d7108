import { containerInsightsRoute } from '../meta/container-insights-route.js';
import { insightsReply, type MetricWording, requestedMetrics } from '../meta/graph-insights.js';
import { graphError } from '../shared/graph-error.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec } from '../shared/sandbox-router.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';

/**
 * Below this many accounts reached (the simulated `reach`), Instagram answers code 10 "Not enough
 * viewers" instead of insights; a post passes it within minutes of publishing.
 */
export const INSTAGRAM_MIN_VIEWERS = 5;

// Instagram Login and Facebook Login name the insights scope differently (platforms.md 1).
const INSIGHTS_SCOPES = ['instagram_business_manage_insights', 'instagram_manage_insights'];

const WORDING: Readonly<Record<string, MetricWording>> = {
  views: { title: 'Views', description: 'The number of times your post was played or displayed.' },
  reach: {
    title: 'Accounts reached',
    description: 'The number of unique accounts that have seen this post at least once.',
  },
  likes: { title: 'Likes', description: 'The number of likes on your post.' },
  comments: { title: 'Comments', description: 'The number of comments on your post.' },
  shares: { title: 'Shares', description: 'The number of shares of your post.' },
  saved: { title: 'Saved', description: 'The number of saves of your post.' },
  total_interactions: {
    title: 'Interactions',
    description:
      'The number of likes, saves, comments and shares on your post, minus the number of unlikes, unsaves and deleted comments.',
  },
};

// Names the real API accepts for feed and reels media; those the sandbox does not simulate have
// no data and are left out of the answer. Retired ones (impressions, plays, video_views…) are unknown.
const KNOWN = [
  ...Object.keys(WORDING),
  'follows',
  'profile_visits',
  'profile_activity',
  'reposts',
  'ig_reels_avg_watch_time',
  'ig_reels_video_view_total_time',
  'reels_skip_rate',
];

/** `GET /{ig-media-id}/insights?metric=…` (platforms.md 1.5), lifetime values of the token user's media. */
export function instagramInsightsRoute(ctx: SandboxContext, base: string): RouteSpec {
  return containerInsightsRoute(ctx, base, 'instagram', INSIGHTS_SCOPES, (post, r) => {
    const metrics = requestedMetrics(r, KNOWN);
    const now = ctx.clock.now();
    const value = (metric: string) =>
      simulatedMetric('instagram', post.record.id, metric, post.record.at, now);
    if (ctx.state.metricsFailures.fewViewers.has(post.record.id) || value('reach') < INSTAGRAM_MIN_VIEWERS) {
      throw graphError(400, { code: 10, message: '(#10) Not enough viewers for the media to show insights' });
    }
    const values = new Map(
      metrics.filter((m) => WORDING[m] !== undefined).map((m) => [m, value(m)] as const),
    );
    return insightsReply(post.record.id, 'insights', values, WORDING);
  });
}
