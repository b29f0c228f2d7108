import { fieldModifiers } from '../meta/graph-fields.js';
import { insightsReply, type MetricWording, requestedMetrics } from '../meta/graph-insights.js';
import { apiRoute } from '../shared/api-route.js';
import { permissionDenied, unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { postWithRecordId } from '../shared/published-post-index.js';
import { refuseThrottledMetrics } from '../shared/refuse-throttled-metrics.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import type { PublishedPost } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import { holdsScope } from '../shared/token-scopes.js';
import { authorizePage } from './facebook-pages.js';

const ENGAGEMENT_FIELDS = ['shares', 'reactions', 'comments'];

// Graph's wording when a token lacks pages_read_engagement.
const needsEngagementScope = () =>
  permissionDenied(
    10,
    "This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' " +
      'feature. Refer to https://developers.facebook.com/docs/apps/review/login-permissions#manage-pages ' +
      'and https://developers.facebook.com/docs/apps/review/feature#reference-PAGES_ACCESS for details.',
  );

/**
 * The engagement counters a post read asked for (platforms.md 5.3): `shares` → `{count}` (left
 * out at 0, as Graph does), `reactions` and `comments` → `{data: [], summary: {total_count}}` when
 * `.summary(…)` is asked (`summary(true)` adds the extra summary fields). `data` stays empty: the
 * sandbox simulates counts, not who reacted. Needs `pages_read_engagement`; nothing is computed
 * (and nothing refused) when none of these fields is requested.
 */
export function engagementFields(
  ctx: SandboxContext,
  post: PublishedPost,
  token: TokenPayload,
  fields: string | undefined,
): Record<string, unknown> {
  const expansions = fieldModifiers(fields ?? '');
  if (!ENGAGEMENT_FIELDS.some((name) => expansions.has(name))) return {};
  refuseThrottledMetrics(ctx, 'facebook');
  if (!holdsScope(token, ['pages_read_engagement'])) throw needsEngagementScope();
  const now = ctx.clock.now();
  const value = (metric: string) => simulatedMetric('facebook', post.record.id, metric, post.record.at, now);
  const edge = (name: 'reactions' | 'comments') => {
    const summary = expansions.get(name)?.get('summary');
    if (summary === undefined || summary === 'false') return { data: [] };
    const total = value(name);
    if (summary !== 'true') return { data: [], summary: { total_count: total } };
    return {
      data: [],
      summary:
        name === 'reactions'
          ? { total_count: total, viewer_reaction: 'NONE' }
          : { order: 'ranked', total_count: total, can_comment: true },
    };
  };
  const shares = value('shares');
  return {
    shares: expansions.has('shares') && shares > 0 ? { count: shares } : undefined,
    reactions: expansions.has('reactions') ? edge('reactions') : undefined,
    comments: expansions.has('comments') ? edge('comments') : undefined,
  };
}

const WORDING: Readonly<Record<string, MetricWording>> = {
  blue_reels_play_count: {
    title: 'Reels plays',
    description: 'The number of times your reel starts to play after an impression is already counted.',
  },
  fb_reels_total_plays: {
    title: 'Total plays',
    description: 'The number of times your reel starts to play, including replays.',
  },
  post_impressions_unique: {
    title: 'Reach',
    description: 'The number of people who saw your reel on screen.',
  },
  post_video_social_actions: {
    title: 'Social actions',
    description: 'The number of reactions, comments and shares of your reel.',
  },
};

// Reel metrics the real API accepts; those the sandbox does not simulate have no data.
const KNOWN = [
  ...Object.keys(WORDING),
  'fb_reels_replay_count',
  'post_video_avg_time_watched',
  'post_video_view_time',
  'post_video_likes_by_reaction_type',
  'post_video_followers',
  'total_video_views',
  'total_video_views_unique',
];

/** `GET /{video-id}/video_insights?metric=…` (platforms.md 5.3). */
export function facebookInsightsRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute(
      'facebook',
      ['GET'],
      '/sandbox/facebook/graph/:version/:id/video_insights',
      'facebook.video_insights',
      (r) => videoInsights(ctx, r),
    ),
  ];
}

/**
 * The lifetime metrics of a reel, by the reel's publication; an unpublished reel has no data yet
 * (an empty list). Without `metric` Graph answers its default set: every simulated metric.
 */
function videoInsights(ctx: SandboxContext, r: SandboxRequest): Reply {
  const id = r.params.id ?? '';
  const video = ctx.state.videos.get(id);
  if (video === undefined) throw unknownObject(id, r.method);
  const { token } = authorizePage(ctx, r, video.pageId, 'read');
  refuseThrottledMetrics(ctx, 'facebook');
  if (!holdsScope(token, ['pages_read_engagement'])) throw needsEngagementScope();
  const metrics = requestedMetrics(r, KNOWN, Object.keys(WORDING));
  const post = postWithRecordId(ctx.state.postIndex, 'facebook', video.id);
  if (post === undefined) return jsonReply(200, { data: [] });
  const now = ctx.clock.now();
  const values = new Map(
    metrics
      .filter((m) => WORDING[m] !== undefined)
      .map((m) => [m, simulatedMetric('facebook', video.id, m, post.record.at, now)] as const),
  );
  return insightsReply(video.id, 'video_insights', values, WORDING);
}
