import { escapeHtml } from '@svc/web';
import { htmlDocument } from '../shared/html-page.js';
import { htmlReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { commentsSection, placeholderImage } from '../shared/sandbox-pages.js';
import type { RouteSpec } from '../shared/sandbox-router.js';
import { youtubeCommentsOf } from './youtube-comments.js';
import type { YouTubeVideo } from './youtube-state.js';
import { isWatchable, shortsUrl } from './youtube-video-resource.js';

/**
 * The pages YouTube links point to: a Short, a channel, and placeholder images (SVG, since the
 * sandbox answers text) for channel avatars and video thumbnails. Plain HTML, always 200.
 */
export function youtubePageRoutes(ctx: SandboxContext): RouteSpec[] {
  const page = (path: string, run: RouteSpec['route']['run']): RouteSpec => ({
    methods: ['GET', 'HEAD'],
    path,
    route: { run },
  });
  return [
    page('/sandbox/youtube/shorts/:videoId', (r) =>
      shortPage(ctx, ctx.state.youtube.videos.get(r.params.videoId ?? '')),
    ),
    page('/sandbox/youtube/channel/:channelId', (r) => channelPage(ctx, r.params.channelId ?? '')),
    page('/sandbox/youtube/channel/:channelId/avatar.svg', (r) =>
      placeholderImage(r.params.channelId ?? '', 'Channel'),
    ),
    page('/sandbox/youtube/vi/:videoId/:file', (r) => {
      const video = ctx.state.youtube.videos.get(r.params.videoId ?? '');
      return placeholderImage(r.params.videoId ?? '', video?.snippet.title ?? 'Video');
    }),
  ];
}

function whyNotWatchable(ctx: SandboxContext, video: YouTubeVideo): string {
  if (nowOf(ctx) < video.uploadedAt + ctx.state.settings.readyAfter.video)
    return 'This video is still processing.';
  if (video.outcome.kind === 'rejected')
    return "This video has been removed for violating YouTube's Terms of Service.";
  if (video.outcome.kind === 'failed') return 'Processing of this video failed.';
  return 'This video is private.';
}

function shortPage(ctx: SandboxContext, video: YouTubeVideo | undefined): Reply {
  if (video === undefined) {
    return htmlReply(
      200,
      htmlDocument(
        'YouTube sandbox Short',
        [
          '<h1>YouTube sandbox Short</h1>',
          "<p>This video is not in the simulator's memory: the sandbox was restarted or reset since it was uploaded.</p>",
        ].join('\n'),
      ),
    );
  }
  const watchable = isWatchable(ctx, video);
  return htmlReply(
    200,
    htmlDocument(
      `${video.snippet.title} (YouTube sandbox)`,
      [
        `<h1>${escapeHtml(video.snippet.title)}</h1>`,
        `<p><a href="${escapeHtml(`${ctx.sandboxUrl}/youtube/channel/${video.channelId}`)}">@${escapeHtml(video.handle)}</a> · ` +
          `<time datetime="${new Date(video.uploadedAt).toISOString()}">${escapeHtml(new Date(video.uploadedAt).toUTCString())}</time></p>`,
        watchable ? '' : `<p role="status">${escapeHtml(whyNotWatchable(ctx, video))}</p>`,
        video.snippet.description === ''
          ? ''
          : `<p>${escapeHtml(video.snippet.description).replaceAll('\n', '<br>')}</p>`,
        commentsSection(
          youtubeCommentsOf(ctx, video.id).map((c) => ({ author: `@${c.authorHandle}`, text: c.text })),
        ),
        `<p class="note">Uploaded to the YouTube simulator (${video.sizeBytes} bytes); no real YouTube video exists.</p>`,
      ].join('\n'),
    ),
  );
}

function channelPage(ctx: SandboxContext, channelId: string): Reply {
  const videos = [...ctx.state.youtube.videos.values()]
    .filter((v) => v.channelId === channelId && isWatchable(ctx, v))
    .reverse();
  const title = videos[0] === undefined ? `Channel ${channelId}` : `@${videos[0].handle}`;
  const items = videos.map(
    (v) => `<li><a href="${escapeHtml(shortsUrl(ctx, v.id))}">${escapeHtml(v.snippet.title)}</a></li>`,
  );
  return htmlReply(
    200,
    htmlDocument(
      `${title} on YouTube (sandbox)`,
      [
        `<h1>${escapeHtml(title)} on YouTube (sandbox)</h1>`,
        items.length === 0 ? "<p>No videos in the simulator's memory.</p>" : `<ul>${items.join('')}</ul>`,
      ].join('\n'),
    ),
  );
}
