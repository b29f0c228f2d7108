import type { Reply } from './http-io.js';
import type { SandboxContext } from './sandbox-context.js';
import type { SandboxRequest } from './sandbox-router.js';
import type { PublishedPost } from './sandbox-state.js';
import { authenticateTikTok, requireTikTokScope } from './tiktok-auth.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import { visiblePublishes } from './tiktok-publishes.js';
import type { TikTokPublish } from './tiktok-state.js';

const VIDEO_FIELDS = new Set([
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
]);

/**
 * `POST /v2/video/list/?fields=…` `{max_count, cursor}` (scope `video.list`): the creator's posts
 * others can see (SELF_ONLY ones are left out, as on TikTok), newest first, up to 20 a page. Ids
 * are strings here, as TikTok writes them in this API. The cursor is opaque to clients; the
 * sandbox's is the number of posts already listed.
 */
export function videoList(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  requireTikTokScope(ctx, token.uid, ['video.list']);
  const fields = (r.input.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  const unknown = fields.filter((f) => !VIDEO_FIELDS.has(f));
  if (fields.length === 0 || unknown.length > 0) {
    throw tiktokError(
      400,
      'invalid_params',
      fields.length === 0 ? 'The fields parameter is required.' : `Unknown fields: ${unknown.join(', ')}.`,
    );
  }
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
  const videos = page.map((publish) => {
    const full = videoObject(publish, posts.get(publish.postId ?? ''));
    return Object.fromEntries(fields.map((f) => [f, full[f]]));
  });
  return tiktokOk({ videos, cursor: cursor + page.length, has_more: cursor + page.length < all.length });
}

function videoObject(publish: TikTokPublish, post: PublishedPost | undefined): Record<string, unknown> {
  const at = post?.record.at.getTime() ?? publish.createdAt;
  return {
    id: publish.postId,
    create_time: Math.floor(at / 1000),
    cover_image_url: publish.mediaUrls[0] ?? '',
    share_url: post?.record.permalink ?? '',
    video_description: publish.kind === 'PHOTO' ? publish.description : publish.title,
    duration: 0,
    height: 0,
    width: 0,
    title: publish.title,
    embed_link: post?.record.permalink ?? '',
    like_count: 0,
    comment_count: 0,
    share_count: 0,
    view_count: 0,
  };
}
