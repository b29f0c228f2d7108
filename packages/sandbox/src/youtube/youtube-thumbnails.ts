import { createHash } from 'node:crypto';
import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { googleError } from './google-error.js';
import { authenticateYouTube } from './youtube-authenticate.js';
import { chargeQuota, checkQuota, YOUTUBE_QUOTA_COSTS } from './youtube-quota.js';
import { headerOf } from './youtube-upload.js';
import { etagOf, videoThumbnails } from './youtube-video-resource.js';

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = new Set(['image/jpeg', 'image/png', 'application/octet-stream']);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * `POST /upload/youtube/v3/thumbnails/set?videoId=…` (platforms.md 3.2 step 5): the image bytes
 * as the body, a JPEG or PNG of at most 2 MB, on a video of the caller's channel; 50 units.
 */
export function youtubeThumbnailRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute(
      'youtube',
      ['POST'],
      '/sandbox/youtube/googleapis/upload/youtube/v3/thumbnails/set',
      'youtube.thumbnails_set',
      (r) => setThumbnail(ctx, r),
      { rawBody: true },
    ),
  ];
}

const invalidImage = (message: string) => googleError(400, 'invalidImage', message, 'youtube.thumbnail');

function setThumbnail(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  const videoId = r.input.get('videoId');
  if (videoId === undefined || videoId === '') {
    throw googleError(400, 'required', 'Required parameter: videoId', 'global');
  }
  const video = ctx.state.youtube.videos.get(videoId);
  if (video === undefined) {
    throw googleError(
      404,
      'videoNotFound',
      'The video that you are trying to insert a thumbnail image for cannot be found.',
      'youtube.thumbnail',
    );
  }
  if (video.channelId !== token.uid) {
    throw googleError(
      403,
      'forbidden',
      "The thumbnail can't be set for the specified video. The request might not be properly authorized.",
      'youtube.thumbnail',
    );
  }
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.thumbnailsSet);
  if (r.body.length === 0) {
    throw googleError(
      400,
      'mediaBodyRequired',
      'The request does not include the image content.',
      'youtube.thumbnail',
    );
  }
  const type = (headerOf(r, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!TYPES.has(type)) {
    throw googleError(
      400,
      'badContent',
      `Media type '${type}' is not supported. Valid media types: [image/jpeg, image/png, application/octet-stream]`,
      'global',
    );
  }
  if (r.body.length > MAX_BYTES) throw invalidImage(`The thumbnail image is larger than ${MAX_BYTES} bytes.`);
  const sniffed = r.body.subarray(0, 3).equals(JPEG) || r.body.subarray(0, 8).equals(PNG);
  if (!sniffed) throw invalidImage('The provided image content is invalid.');
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.thumbnailsSet);
  const sha256 = createHash('sha256').update(r.body).digest('hex');
  video.thumbnailSha256 = sha256;
  const posts = ctx.state.posts;
  const at = posts.findIndex((p) => p.record.platform === 'youtube' && p.record.id === video.id);
  const post = posts[at];
  if (post !== undefined) posts[at] = { ...post, record: { ...post.record, thumbnailSha256: sha256 } };
  const items = [videoThumbnails(ctx, video.id, `?v=${sha256.slice(0, 8)}`)];
  return jsonReply(200, { kind: 'youtube#thumbnailSetResponse', etag: etagOf(items), items });
}
