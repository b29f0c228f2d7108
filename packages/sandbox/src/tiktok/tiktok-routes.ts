import { apiRoute } from '../shared/api-route.js';
import type { Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { creatorInfo, userInfo } from './tiktok-creators.js';
import { tiktokRevoke, tiktokToken } from './tiktok-oauth.js';
import { tiktokPageRoutes } from './tiktok-pages.js';
import { contentInit } from './tiktok-photo-init.js';
import { settleTikTokPublishes } from './tiktok-publishes.js';
import { statusFetch } from './tiktok-status-fetch.js';
import { uploadChunk } from './tiktok-upload.js';
import { videoInit } from './tiktok-video-init.js';
import { videoList } from './tiktok-video-list.js';
import { videoQuery } from './tiktok-video-query.js';

const API = '/sandbox/tiktok/open-api';

/**
 * The TikTok Content Posting API simulator (platforms.md 2): OAuth token endpoints, user info,
 * creator info, video and photo init, chunk uploads, publish status, the video list and query, plus the
 * public pages. Every API route is a call (`tiktok.<name>`) the intercept hook sees.
 */
export function tiktokRoutes(ctx: SandboxContext): RouteSpec[] {
  const api = (
    methods: RouteSpec['methods'],
    path: string,
    name: string,
    run: (r: SandboxRequest) => Reply | Promise<Reply>,
    rawBody = false,
  ): RouteSpec =>
    // Publishes move on with the clock, so whatever is due is published before any answer.
    apiRoute(
      'tiktok',
      methods,
      path,
      `tiktok.${name}`,
      (r) => {
        settleTikTokPublishes(ctx);
        return run(r);
      },
      { rawBody },
    );
  return [
    api(['POST'], `${API}/v2/oauth/token`, 'token', (r) => tiktokToken(ctx, r)),
    api(['POST'], `${API}/v2/oauth/revoke`, 'revoke', (r) => tiktokRevoke(ctx, r)),
    api(['GET'], `${API}/v2/user/info`, 'user_info', (r) => userInfo(ctx, r)),
    api(['POST'], `${API}/v2/post/publish/creator_info/query`, 'creator_info', (r) => creatorInfo(ctx, r)),
    api(['POST'], `${API}/v2/post/publish/video/init`, 'video_init', (r) => videoInit(ctx, r)),
    api(['POST'], `${API}/v2/post/publish/content/init`, 'content_init', (r) => contentInit(ctx, r)),
    api(['POST'], `${API}/v2/post/publish/status/fetch`, 'status', (r) => statusFetch(ctx, r)),
    api(['POST'], `${API}/v2/video/list`, 'video_list', (r) => videoList(ctx, r)),
    api(['POST'], `${API}/v2/video/query`, 'video_query', (r) => videoQuery(ctx, r)),
    api(['PUT'], '/sandbox/tiktok/upload/video', 'upload_chunk', (r) => uploadChunk(ctx, r), true),
    ...tiktokPageRoutes(ctx),
  ];
}
