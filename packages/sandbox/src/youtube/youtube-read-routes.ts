import { apiRoute } from '../shared/api-route.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { refuseThrottledMetrics } from '../shared/refuse-throttled-metrics.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { simulatedFollowerCount } from '../shared/simulated-followers.js';
import { googleError } from './google-error.js';
import { authenticateYouTube } from './youtube-authenticate.js';
import { chargeQuota, checkQuota, quotaExceeded, YOUTUBE_QUOTA_COSTS } from './youtube-quota.js';
import { etagOf, isWatchable, renderVideo, VIDEO_PARTS, videoStatistics } from './youtube-video-resource.js';

const API = '/sandbox/youtube/googleapis/youtube/v3';
const CHANNEL_PARTS = new Set(['id', 'snippet', 'statistics', 'contentDetails']);
const MAX_IDS = 50;

/** `channels.list` (the connecting account's channel) and `videos.list` (status, processing, statistics). */
export function youtubeReadRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    apiRoute('youtube', ['GET'], `${API}/channels`, 'youtube.channels', (r) => channels(ctx, r)),
    apiRoute('youtube', ['GET'], `${API}/videos`, 'youtube.videos_list', (r) => videos(ctx, r)),
  ];
}

/** The `part` list of a call, every name checked against what the simulator renders. */
export function partsOf(r: SandboxRequest, known: ReadonlySet<string>): Set<string> {
  const parts = (r.input.get('part') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) throw googleError(400, 'required', 'Required parameter: part', 'global');
  const unknown = parts.find((p) => !known.has(p));
  if (unknown !== undefined) {
    throw googleError(
      400,
      'unknownPart',
      `The sandbox does not simulate the part '${unknown}'.`,
      'youtube.part',
    );
  }
  return new Set(parts);
}

function channels(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  const parts = partsOf(r, CHANNEL_PARTS);
  if (r.input.get('mine') !== 'true') {
    throw googleError(
      400,
      'missingRequiredParameter',
      'No filter selected. Expected one of: mine (the only filter the sandbox simulates), id, forHandle, forUsername.',
      'youtube.parameter',
    );
  }
  if (parts.has('statistics')) refuseThrottledMetrics(ctx, 'youtube', quotaExceeded);
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  const pageInfo = { totalResults: 0, resultsPerPage: 5 };
  // Google leaves `items` out altogether when the account has no channel.
  if (ctx.state.youtube.channels.get(token.uid) === 'missing') {
    const body = { kind: 'youtube#channelListResponse', pageInfo };
    return jsonReply(200, { kind: body.kind, etag: etagOf(body), pageInfo });
  }
  const id = token.uid;
  const handle = token.h;
  const watchable = [...ctx.state.youtube.videos.values()].filter(
    (v) => v.channelId === id && isWatchable(ctx, v),
  );
  const avatar = `${ctx.sandboxUrl}/youtube/channel/${id}/avatar.svg`;
  const channel: Record<string, unknown> = { kind: 'youtube#channel', id };
  if (parts.has('snippet')) {
    channel.snippet = {
      title: handle,
      description: '',
      customUrl: `@${handle}`,
      publishedAt: '2019-05-01T00:00:00Z',
      thumbnails: {
        default: { url: avatar, width: 88, height: 88 },
        medium: { url: avatar, width: 240, height: 240 },
        high: { url: avatar, width: 800, height: 800 },
      },
      localized: { title: handle, description: '' },
    };
  }
  if (parts.has('contentDetails')) {
    channel.contentDetails = { relatedPlaylists: { likes: '', uploads: `UU${id.slice(2)}` } };
  }
  if (parts.has('statistics')) {
    // The channel's views are those of its videos everyone can watch.
    const views = watchable.reduce((sum, v) => sum + Number(videoStatistics(ctx, v.id).viewCount), 0);
    channel.statistics = {
      viewCount: String(views),
      subscriberCount: String(simulatedFollowerCount('youtube', handle, ctx.clock.now())),
      hiddenSubscriberCount: false,
      videoCount: String(watchable.length),
    };
  }
  const item = { kind: channel.kind, etag: etagOf(channel), ...channel };
  return jsonReply(200, {
    kind: 'youtube#channelListResponse',
    etag: etagOf(item),
    pageInfo: { totalResults: 1, resultsPerPage: 5 },
    items: [item],
  });
}

/**
 * `videos.list?id=…` (at most 50 ids, 1 quota unit): the owner sees their videos in any state;
 * others only watchable ones. `statistics` are the simulated metrics (strings, platforms.md 3.5).
 */
function videos(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateYouTube(ctx, r);
  const parts = partsOf(r, VIDEO_PARTS);
  const ids = (r.input.get('id') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) {
    throw googleError(
      400,
      'missingRequiredParameter',
      'No filter selected. Expected one of: id (the only filter the sandbox simulates), chart, myRating.',
      'youtube.parameter',
    );
  }
  if (ids.length > MAX_IDS) {
    throw googleError(
      400,
      'invalidValue',
      `At most ${MAX_IDS} video ids can be listed at once.`,
      'youtube.parameter',
    );
  }
  if (parts.has('statistics')) refuseThrottledMetrics(ctx, 'youtube', quotaExceeded);
  checkQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  chargeQuota(ctx, YOUTUBE_QUOTA_COSTS.list);
  const items = ids.flatMap((id) => {
    const video = ctx.state.youtube.videos.get(id);
    if (video === undefined) return [];
    const owner = video.channelId === token.uid;
    return owner || isWatchable(ctx, video) ? [renderVideo(ctx, video, parts, owner)] : [];
  });
  const pageInfo = { totalResults: items.length, resultsPerPage: items.length };
  return jsonReply(200, { kind: 'youtube#videoListResponse', etag: etagOf(items), items, pageInfo });
}
