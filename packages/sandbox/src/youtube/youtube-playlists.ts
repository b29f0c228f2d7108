import { randomBytes } from 'node:crypto';
import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { jsonObjectOf } from '../shared/json-object.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { googleError, googleJsonBody, insufficientScopesError } from './google-error.js';
import { authenticateYouTube } from './youtube-authenticate.js';
import { chargeQuota, checkQuota, YOUTUBE_QUOTA_COSTS } from './youtube-quota.js';
import { partsOf } from './youtube-read-routes.js';
import type { YouTubePlaylist } from './youtube-state.js';
import { etagOf } from './youtube-video-resource.js';

const PATH = '/sandbox/youtube/googleapis/youtube/v3/playlistItems';
const PARTS = new Set(['id', 'snippet']);
// playlistItems.insert's reference page: youtube.upload and youtube.readonly are not enough.
const WRITE_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtubepartner',
];

/**
 * `playlistItems.list` (`playlistId`, optionally `videoId`) and `playlistItems.insert` of a video
 * into one of the caller's playlists (developers.google.com/youtube/v3/docs/playlistItems). The
 * insert checks what YouTube checks: a write scope (403 `insufficientPermissions`, for a
 * connection whose scopes are known), a playlist of the caller's channel (404
 * `playlistNotFound`), a video that exists (404 `videoNotFound`). It adds the video again if asked
 * again, as YouTube does, so a client that does not look first would duplicate it.
 */
export function youtubePlaylistRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['GET'], PATH, 'youtube.playlist_items_list', (r) => list(ctx, r)),
    apiRoute('youtube', ['POST'], PATH, 'youtube.playlist_items_insert', (r) => insert(ctx, r), {
      rawBody: true,
    }),
  ];
}

/** A new playlist of `channelId`, for tests (the API's playlists.insert is not simulated). */
export function createPlaylist(ctx: SandboxContext, channelId: string, title: string): YouTubePlaylist {
  const playlist: YouTubePlaylist = {
    id: `PL${randomBytes(24).toString('base64url')}`,
    channelId,
    title,
    items: [],
  };
  ctx.state.youtube.playlists.set(playlist.id, playlist);
  return playlist;
}

const notFound = () =>
  googleError(
    404,
    'playlistNotFound',
    "The playlist identified with the request's playlistId parameter cannot be found.",
    'youtube.playlistItem',
  );

function list(ctx: SandboxContext, r: SandboxRequest): Reply {
  authenticateYouTube(ctx, r);
  const parts = partsOf(r, PARTS);
  const playlist = ctx.state.youtube.playlists.get(r.input.get('playlistId') ?? '');
  if (playlist === undefined) throw notFound();
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  const videoId = r.input.get('videoId');
  const items = playlist.items
    .filter((item) => videoId === undefined || item.videoId === videoId)
    .map((item, position) => render(playlist, item, position, parts));
  return jsonReply(200, {
    kind: 'youtube#playlistItemListResponse',
    etag: etagOf(items),
    pageInfo: { totalResults: items.length, resultsPerPage: 50 },
    items,
  });
}

function insert(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  const parts = partsOf(r, PARTS);
  const granted = ctx.state.youtube.grantedScopes.get(token.uid);
  if (granted !== undefined && !WRITE_SCOPES.some((scope) => granted.split(' ').includes(scope))) {
    throw insufficientScopesError();
  }
  const snippet = jsonObjectOf(jsonObjectOf(googleJsonBody(r.body))?.snippet);
  const resource = jsonObjectOf(snippet?.resourceId);
  if (typeof snippet?.playlistId !== 'string') {
    throw googleError(
      400,
      'playlistIdRequired',
      'The request must specify a playlist.',
      'youtube.playlistItem',
    );
  }
  if (resource?.kind !== 'youtube#video' || typeof resource.videoId !== 'string') {
    throw googleError(
      400,
      'invalidResourceId',
      'The resourceId must be {kind: "youtube#video", videoId}.',
      'youtube.playlistItem',
    );
  }
  const playlist = ctx.state.youtube.playlists.get(snippet.playlistId);
  if (playlist === undefined || playlist.channelId !== token.uid) throw notFound();
  if (!ctx.state.youtube.videos.has(resource.videoId)) {
    throw googleError(404, 'videoNotFound', 'The video cannot be found.', 'youtube.playlistItem');
  }
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.playlistItemsInsert);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.playlistItemsInsert);
  const item = { id: randomBytes(18).toString('base64url'), videoId: resource.videoId };
  playlist.items.push(item);
  return jsonReply(200, render(playlist, item, playlist.items.length - 1, parts));
}

function render(
  playlist: YouTubePlaylist,
  item: { readonly id: string; readonly videoId: string },
  position: number,
  parts: ReadonlySet<string>,
): Record<string, unknown> {
  const body: Record<string, unknown> = { kind: 'youtube#playlistItem', id: item.id };
  if (parts.has('snippet')) {
    body.snippet = {
      channelId: playlist.channelId,
      playlistId: playlist.id,
      position,
      resourceId: { kind: 'youtube#video', videoId: item.videoId },
    };
  }
  return { kind: body.kind, etag: etagOf(body), ...body };
}
