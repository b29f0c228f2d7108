import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import type { PublishedPost } from '../shared/sandbox-state.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import { tiktokError } from './tiktok-error.js';
import type { TikTokPublish } from './tiktok-state.js';

/** The video fields `video/list` and `video/query` answer. */
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

/** The `fields` query parameter of a video call; `invalid_params` when empty or naming an unknown field. */
export function requestedVideoFields(r: SandboxRequest): string[] {
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
  return fields;
}

/**
 * The requested fields of a published video, the counts (`view_count`, `like_count`,
 * `comment_count`, `share_count`) being `simulatedMetric` at the sandbox clock's time.
 */
export function tiktokVideoObject(
  ctx: SandboxContext,
  publish: TikTokPublish,
  post: PublishedPost | undefined,
  fields: readonly string[],
): Record<string, unknown> {
  const at = post?.record.at ?? new Date(publish.createdAt);
  const count = (metric: string) =>
    post === undefined ? 0 : simulatedMetric('tiktok', post.record.id, metric, at, ctx.clock.now());
  const full: Record<string, () => unknown> = {
    id: () => publish.postId,
    create_time: () => Math.floor(at.getTime() / 1000),
    cover_image_url: () => publish.mediaUrls[0] ?? '',
    share_url: () => post?.record.permalink ?? '',
    video_description: () => (publish.kind === 'PHOTO' ? publish.description : publish.title),
    duration: () => 0,
    height: () => 0,
    width: () => 0,
    title: () => publish.title,
    embed_link: () => post?.record.permalink ?? '',
    like_count: () => count('like_count'),
    comment_count: () => count('comment_count'),
    share_count: () => count('share_count'),
    view_count: () => count('view_count'),
  };
  return Object.fromEntries(fields.map((f) => [f, full[f]?.()]));
}
