import { graphTime } from '../meta/graph-fields.js';
import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { injectedFailure } from '../shared/failure-injection.js';
import { graphError, invalidParameter, permissionDenied, unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { type FacebookVideo, newNumericId, publishedInLastDay } from '../shared/sandbox-state.js';
import { authorizePage, publishFacebookPost } from './facebook-pages.js';

/**
 * Facebook reels (platforms.md 5.2): `video_reels?upload_phase=start`, the upload to the returned
 * `upload_url` (rupload), `video_reels?upload_phase=finish`, then the video's `status`.
 */
export function facebookReelsRoutes(ctx: SandboxContext): RouteSpec[] {
  const phaseOperation = (r: SandboxRequest) => {
    const phase = r.input.get('upload_phase');
    return phase === 'start' || phase === 'finish' ? `facebook.reels_${phase}` : 'facebook.reels';
  };
  const runPhase = (r: SandboxRequest) => {
    const phase = r.input.get('upload_phase');
    if (phase === 'start') return start(ctx, r);
    if (phase === 'finish') return finish(ctx, r);
    throw invalidParameter('upload_phase must be start or finish');
  };
  return [
    apiRoute(
      'facebook',
      ['POST'],
      '/sandbox/facebook/graph/:version/:id/video_reels',
      phaseOperation,
      runPhase,
    ),
    apiRoute(
      'facebook',
      ['POST'],
      '/sandbox/facebook/rupload/video-upload/:version/:videoId',
      'facebook.rupload',
      (r) => upload(ctx, r),
      { rawBody: true },
    ),
  ];
}

/** A reel as `GET /{video-id}?fields=status,permalink_url,…` shows it, phases computed by the sandbox clock. */
export function videoObject(ctx: SandboxContext, video: FacebookVideo): Record<string, unknown> {
  const now = nowOf(ctx);
  const processedAt = video.upload === null ? null : video.upload.at + ctx.state.settings.readyAfter.video;
  const processed = processedAt !== null && now >= processedAt;
  const failed = video.upload === null && video.uploadError !== null;
  const videoStatus = failed
    ? 'error'
    : processed
      ? 'ready'
      : video.upload === null
        ? 'processing'
        : video.finishedAt === null
          ? 'upload_complete'
          : 'processing';
  const publishing =
    video.state !== 'PUBLISHED'
      ? { status: 'not_started', publish_status: video.state === 'DRAFT' ? 'draft' : 'not_published' }
      : processed
        ? {
            status: 'complete',
            publish_status: 'published',
            publish_time: Math.floor(Math.max(video.finishedAt ?? 0, processedAt ?? 0) / 1000),
          }
        : { status: 'in_progress', publish_status: 'not_published' };
  return {
    id: video.id,
    status: {
      video_status: videoStatus,
      uploading_phase: failed
        ? { status: 'error', errors: [{ code: 6000, message: video.uploadError }] }
        : { status: video.upload === null ? 'in_progress' : 'complete' },
      processing_phase: {
        status: video.upload === null ? 'not_started' : processed ? 'complete' : 'in_progress',
      },
      publishing_phase: publishing,
    },
    permalink_url: `${ctx.sandboxUrl}/facebook/reel/${video.id}`,
    description: video.description === '' ? undefined : video.description,
    created_time: graphTime(video.createdAt),
    post_id: video.postId ?? undefined,
    published: video.state === 'PUBLISHED' && processed,
  };
}

function start(ctx: SandboxContext, r: SandboxRequest): Reply {
  const { token, pageId } = authorizePage(ctx, r, r.params.id ?? '', 'write');
  const video: FacebookVideo = {
    id: newNumericId(ctx.state, '1', 15),
    pageId,
    handle: token.h,
    createdAt: nowOf(ctx),
    upload: null,
    uploadError: null,
    finishedAt: null,
    state: null,
    description: '',
    postId: null,
  };
  ctx.state.videos.set(video.id, video);
  return jsonReply(200, {
    video_id: video.id,
    upload_url: `${ctx.sandboxUrl}/facebook/rupload/video-upload/${r.params.version}/${video.id}`,
  });
}

const header = (r: SandboxRequest, name: string): string | undefined => {
  const value = r.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The rupload POST: `file_url` header (fetched), or the raw bytes with `offset: 0` and `file_size`. */
async function upload(ctx: SandboxContext, r: SandboxRequest): Promise<Reply> {
  const video = ctx.state.videos.get(r.params.videoId ?? '');
  if (video === undefined) throw unknownObject(r.params.videoId ?? '', r.method);
  const token = authenticate(ctx, r, 'facebook');
  if (token.k !== 'page' || token.uid !== video.pageId) {
    throw permissionDenied(200, `Uploading to video ${video.id} requires the Page access token of its Page`);
  }
  if (video.finishedAt !== null) throw invalidParameter('The video is already finished');
  const fileUrl = header(r, 'file_url');
  if (fileUrl !== undefined && fileUrl !== '') {
    if (ctx.download !== null) {
      const download = await ctx.download(fileUrl);
      if (!download.ok) {
        video.uploadError = `the video at file_url could not be fetched: ${download.reason}`;
        throw invalidParameter(`The video at file_url could not be fetched: ${download.reason}`);
      }
    }
    video.upload = { source: fileUrl, at: nowOf(ctx) };
    video.uploadError = null;
    return jsonReply(200, { success: true });
  }
  const offset = header(r, 'offset') ?? '0';
  const size = header(r, 'file_size');
  if (offset !== '0') throw invalidParameter('The sandbox takes the whole file at offset 0');
  if (r.body.length === 0) throw invalidParameter('Send the video bytes, or a file_url header');
  if (size !== String(r.body.length)) {
    throw invalidParameter(
      `file_size (${size ?? 'missing'}) does not match the ${r.body.length} bytes received`,
    );
  }
  video.upload = { source: '', at: nowOf(ctx) };
  video.uploadError = null;
  return jsonReply(200, { success: true });
}

function finish(ctx: SandboxContext, r: SandboxRequest): Reply {
  const { pageId } = authorizePage(ctx, r, r.params.id ?? '', 'write');
  const videoId = r.input.get('video_id') ?? '';
  const video = ctx.state.videos.get(videoId);
  if (video === undefined || video.pageId !== pageId) throw unknownObject(videoId, r.method);
  const state = (r.input.get('video_state') ?? 'PUBLISHED').toUpperCase();
  if (state !== 'PUBLISHED' && state !== 'DRAFT') {
    throw invalidParameter('The sandbox supports video_state PUBLISHED and DRAFT');
  }
  // Finishing again changes nothing and publishes nothing: a retried finish is safe.
  if (video.finishedAt !== null) return jsonReply(200, { success: true });
  if (video.upload === null) {
    throw invalidParameter(
      video.uploadError === null
        ? 'The video has not been uploaded: POST it to upload_url before finishing'
        : `The video upload failed: ${video.uploadError}`,
    );
  }
  const description = r.input.get('description') ?? '';
  if (state === 'PUBLISHED') {
    const injected = injectedFailure(ctx.state, 'facebook', pageId, description);
    if (injected !== null) throw injected;
    const quota = ctx.state.settings.quotas.facebookReels;
    if (publishedInLastDay(ctx.state, 'facebook', pageId, nowOf(ctx), ['reel']) >= quota) {
      throw graphError(400, {
        code: 9,
        message: `(#9) The Page reached its limit of ${quota} API-published reels per 24 hours`,
        userTitle: 'Reels limit reached',
        userMessage: `A Page can publish ${quota} reels through the API in 24 hours.`,
      });
    }
  }
  video.finishedAt = nowOf(ctx);
  video.state = state;
  video.description = description;
  if (state === 'PUBLISHED') {
    const post = publishFacebookPost(ctx, {
      pageId,
      handle: video.handle,
      kind: 'reel',
      caption: description,
      mediaUrls: video.upload.source === '' ? [] : [video.upload.source],
      children: 0,
      objectId: video.id,
    });
    video.postId = post.postId;
  }
  return jsonReply(200, { success: true });
}
