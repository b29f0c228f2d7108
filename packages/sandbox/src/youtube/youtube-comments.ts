import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { newNumericId } from '../shared/sandbox-state.js';
import { holdsScope } from '../shared/token-scopes.js';
import { googleError, googleJsonBody, insufficientScopesError } from './google-error.js';
import { authenticateYouTube } from './youtube-authenticate.js';
import { chargeQuota, checkQuota, YOUTUBE_QUOTA_COSTS } from './youtube-quota.js';
import { partsOf } from './youtube-read-routes.js';
import type { YouTubeComment } from './youtube-state.js';

const API = '/sandbox/youtube/googleapis/youtube/v3';
/** The scope comment writes need (youtube.force-ssl); youtube.upload does not allow them. */
const COMMENT_SCOPES = [
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtube',
];
const TEXT_MAX = 10_000;
const PARTS = new Set(['id', 'snippet']);

/** `commentThreads.insert` and `commentThreads.list?videoId=` (a first comment and its read-back). */
export function youtubeCommentRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['POST'], `${API}/commentThreads`, 'youtube.comment_insert', (r) => insert(ctx, r), {
      rawBody: true,
    }),
    apiRoute('youtube', ['GET'], `${API}/commentThreads`, 'youtube.comments_list', (r) => list(ctx, r)),
  ];
}

/** A video's top-level comments, oldest first. */
export function youtubeCommentsOf(ctx: SandboxContext, videoId: string): readonly YouTubeComment[] {
  return ctx.state.youtube.comments.get(videoId) ?? [];
}

function thread(c: YouTubeComment): Record<string, unknown> {
  const snippet = {
    videoId: c.videoId,
    textOriginal: c.text,
    textDisplay: c.text,
    authorDisplayName: `@${c.authorHandle}`,
    authorChannelId: { value: c.authorChannelId },
    publishedAt: new Date(c.at).toISOString(),
  };
  return {
    kind: 'youtube#commentThread',
    id: c.id,
    snippet: {
      channelId: c.authorChannelId,
      videoId: c.videoId,
      topLevelComment: { kind: 'youtube#comment', id: c.id, snippet },
      totalReplyCount: 0,
    },
  };
}

function insert(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  partsOf(r, PARTS);
  if (!holdsScope(token, COMMENT_SCOPES)) {
    throw insufficientScopesError();
  }
  const body = (googleJsonBody(r.body) ?? {}) as {
    snippet?: { videoId?: unknown; topLevelComment?: { snippet?: { textOriginal?: unknown } } };
  };
  const videoId = body.snippet?.videoId;
  const text = body.snippet?.topLevelComment?.snippet?.textOriginal;
  const video = typeof videoId === 'string' ? ctx.state.youtube.videos.get(videoId) : undefined;
  if (video === undefined) throw videoNotFoundError();
  if (typeof text !== 'string' || text.trim() === '' || [...text].length > TEXT_MAX) {
    throw googleError(
      400,
      'invalidCommentMetadata',
      'The request metadata is invalid.',
      'youtube.commentThread',
    );
  }
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.commentInsert);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.commentInsert);
  const comment: YouTubeComment = {
    id: `Ug${newNumericId(ctx.state, '', 20)}`,
    videoId: video.id,
    authorChannelId: token.uid,
    authorHandle: token.h,
    text,
    at: nowOf(ctx),
  };
  const comments = ctx.state.youtube.comments.get(video.id) ?? [];
  comments.push(comment);
  ctx.state.youtube.comments.set(video.id, comments);
  return jsonReply(200, thread(comment));
}

function list(ctx: SandboxContext, r: SandboxRequest): Reply {
  authenticateYouTube(ctx, r);
  partsOf(r, PARTS);
  const videoId = r.input.get('videoId') ?? '';
  if (!ctx.state.youtube.videos.has(videoId)) {
    throw videoNotFoundError();
  }
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  // Newest first, as YouTube's default `time` order; one page (the sandbox keeps few comments).
  const items = [...youtubeCommentsOf(ctx, videoId)].reverse().map(thread);
  return jsonReply(200, {
    kind: 'youtube#commentThreadListResponse',
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    items,
  });
}

/** The comment thread's refusal of a video id that names no video. */
function videoNotFoundError() {
  return googleError(
    404,
    'videoNotFound',
    'The video identified by the videoId parameter could not be found.',
    'youtube.commentThread',
  );
}
