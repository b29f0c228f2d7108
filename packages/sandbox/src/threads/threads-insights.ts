import { containerInsightsRoute } from '../meta/container-insights-route.js';
import { insightsReply, type MetricWording, requestedMetrics } from '../meta/graph-insights.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec } from '../shared/sandbox-router.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';

const WORDING: Readonly<Record<string, MetricWording>> = {
  views: { title: 'Views', description: 'The number of times your post was viewed.' },
  likes: { title: 'Likes', description: 'The number of likes on your post.' },
  replies: { title: 'Replies', description: 'The number of replies on your post (top-level replies only).' },
  reposts: { title: 'Reposts', description: 'The number of times your post was reposted.' },
  quotes: { title: 'Quotes', description: 'The number of times your post was quoted.' },
  shares: { title: 'Shares', description: 'The number of times your post was shared.' },
};

/** `GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes,shares` (platforms.md 4.4). */
export function threadsInsightsRoute(ctx: SandboxContext, base: string): RouteSpec {
  return containerInsightsRoute(ctx, base, 'threads', ['threads_manage_insights'], (post, r) => {
    const metrics = requestedMetrics(r, Object.keys(WORDING));
    const now = ctx.clock.now();
    const values = new Map(
      metrics.map((m) => [m, simulatedMetric('threads', post.record.id, m, post.record.at, now)] as const),
    );
    return insightsReply(post.record.id, 'insights', values, WORDING);
  });
}
