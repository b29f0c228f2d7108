import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec } from '../shared/sandbox-router.js';
import { googleTokenRoutes } from './google-token-routes.js';
import { googleTokenInfoRoutes } from './google-tokeninfo.js';
import { youtubeCommentRoutes } from './youtube-comments.js';
import { youtubeControlRoutes } from './youtube-control-routes.js';
import { youtubePageRoutes } from './youtube-pages.js';
import { youtubePlaylistRoutes } from './youtube-playlists.js';
import { youtubeReadRoutes } from './youtube-read-routes.js';
import { youtubeThumbnailRoutes } from './youtube-thumbnails.js';
import { youtubeUploadRoutes } from './youtube-upload.js';

/**
 * The YouTube Data API simulator (platforms.md 3): Google's token endpoint, channels.list, the
 * resumable videos.insert, videos.list, thumbnails.set, playlistItems.list and insert, the public pages, and the HTTP control of
 * the project's audit. The consent page is in consent-pages.ts with the other platforms'.
 */
export function youtubeRoutes(ctx: SandboxContext): RouteSpec[] {
  return [
    ...googleTokenRoutes(ctx),
    ...googleTokenInfoRoutes(ctx),
    ...youtubeReadRoutes(ctx),
    ...youtubeCommentRoutes(ctx),
    ...youtubeUploadRoutes(ctx),
    ...youtubeThumbnailRoutes(ctx),
    ...youtubePlaylistRoutes(ctx),
    ...youtubePageRoutes(ctx),
    ...youtubeControlRoutes(ctx),
  ];
}
