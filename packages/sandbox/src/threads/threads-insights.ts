import { insightsReply, type MetricWording, requestedMetrics } from '../meta/graph-insights.js';
import { findPost } from '../meta/media-containers.js';
import { authenticate } from '../shared/authenticate.js';
import { permissionDenied, unknownObject } from '../shared/graph-error.js';
import type { Reply } from '../shared/http-io.js';
import { refuseThrottledMetrics } from '../shared/refuse-throttled-metrics.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import { holdsScope } from '../shared/token-scopes.js';

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
  return {
    methods: ['GET'],
    path: `${base}/:id/insights`,
    route: { call: { platform: 'threads', operation: 'threads.insights' }, run: (r) => insights(ctx, r) },
  };
}

function insights(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticate(ctx, r, 'threads');
  refuseThrottledMetrics(ctx, 'threads');
  const id = r.params.id ?? '';
  const post = findPost(ctx, 'threads', id);
  if (post === undefined || post.record.accountId !== token.uid) throw unknownObject(id, r.method);
  if (!holdsScope(token, ['threads_manage_insights'])) {
    throw permissionDenied(10, 'Application does not have permission for this action');
  }
  const metrics = requestedMetrics(r, Object.keys(WORDING));
  const now = ctx.clock.now();
  const values = new Map(
    metrics.map((m) => [m, simulatedMetric('threads', post.record.id, m, post.record.at, now)] as const),
  );
  return insightsReply(post.record.id, 'insights', values, WORDING);
}
