import type { Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { authenticateTikTok, requireTikTokScope } from './tiktok-auth.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import { visiblePublishes } from './tiktok-publishes.js';
import { requestedVideoFields, tiktokVideoObject } from './tiktok-video-object.js';

/**
 * `POST /v2/video/list/?fields=…` `{max_count, cursor}` (scope `video.list`): the creator's posts
 * others can see (SELF_ONLY ones are left out, as on TikTok), newest first, up to 20 a page. Ids
 * are strings here, as TikTok writes them in this API. The cursor is opaque to clients; the
 * sandbox's is the number of posts already listed.
 */
export function videoList(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  requireTikTokScope(ctx, token, ['video.list']);
  const fields = requestedVideoFields(r);
  const maxCount = Number(r.input.get('max_count') ?? '10');
  const cursor = Number(r.input.get('cursor') ?? '0');
  if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > 20) {
    throw tiktokError(400, 'invalid_params', 'max_count must be an integer from 1 to 20.');
  }
  if (!Number.isInteger(cursor) || cursor < 0) {
    throw tiktokError(400, 'invalid_params', 'cursor must be a value from an earlier answer.');
  }
  const all = visiblePublishes(ctx, token.uid);
  const page = all.slice(cursor, cursor + maxCount);
  const posts = new Map(ctx.state.posts.map((p) => [p.postId, p]));
  const videos = page.map((publish) =>
    tiktokVideoObject(ctx, publish, posts.get(publish.postId ?? ''), fields),
  );
  return tiktokOk({ videos, cursor: cursor + page.length, has_more: cursor + page.length < all.length });
}
