import type { Reply } from '../shared/http-io.js';
import { refuseThrottledMetrics } from '../shared/refuse-throttled-metrics.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { authenticateTikTok, requireTikTokScope } from './tiktok-auth.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import { objectField } from './tiktok-post-fields.js';
import { visiblePublishes } from './tiktok-publishes.js';
import { requestedVideoFields, tiktokVideoObject } from './tiktok-video-object.js';

const MAX_IDS = 20;

/**
 * `POST /v2/video/query/?fields=…` `{"filters":{"video_ids":[…]}}` (scope `video.list`, at most
 * 20 ids; platforms.md 2.5): the requested fields of those of the creator's videos that others can
 * see, in the order asked. Ids that are not the creator's (or not public) are left out, as TikTok does.
 */
export function videoQuery(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  requireTikTokScope(ctx, token, ['video.list']);
  refuseThrottledMetrics(ctx, 'tiktok', () =>
    tiktokError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.'),
  );
  const fields = requestedVideoFields(r);
  const ids = objectField(r, 'filters', true)?.video_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')) {
    throw tiktokError(
      400,
      'invalid_params',
      'filters.video_ids must be a non-empty list of video id strings.',
    );
  }
  if (ids.length > MAX_IDS) {
    throw tiktokError(
      400,
      'invalid_params',
      `filters.video_ids can hold at most ${MAX_IDS} ids; got ${ids.length}.`,
    );
  }
  const own = new Map(visiblePublishes(ctx, token.uid).map((p) => [p.postId, p]));
  const posts = new Map(ctx.state.posts.map((p) => [p.postId, p]));
  const videos = [...new Set(ids as string[])].flatMap((id) => {
    const publish = own.get(id);
    return publish === undefined ? [] : [tiktokVideoObject(ctx, publish, posts.get(id), fields)];
  });
  return tiktokOk({ videos });
}
