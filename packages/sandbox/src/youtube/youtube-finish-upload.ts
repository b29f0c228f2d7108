import { addPublishedPost } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { YouTubeUploadSession, YouTubeVideo, YouTubeVideoOutcome } from './youtube-state.js';
import { newVideoId, shortsUrl } from './youtube-video-resource.js';

const FAIL_TAG = '#sandbox-fail';
const CORRUPT_TAG = '#sandbox-corrupt';

/**
 * How processing will end, from tags in the title or description: `#sandbox-fail` has the video
 * rejected (`termsOfUse`), `#sandbox-corrupt` makes processing fail (`conversion`).
 */
function outcomeOf(session: YouTubeUploadSession): YouTubeVideoOutcome {
  const text = `${session.snippet.title}\n${session.snippet.description}`.toLowerCase();
  if (text.includes(FAIL_TAG)) return { kind: 'rejected', rejectionReason: 'termsOfUse' };
  if (text.includes(CORRUPT_TAG)) return { kind: 'failed', failureReason: 'conversion' };
  return { kind: 'processed' };
}

/**
 * The final byte arrived: creates the video on the channel, exactly once per session, and
 * records it as published unless processing is going to reject or fail it. The record's caption
 * is the title (the description stays on the video). An unaudited project's video is private,
 * whatever the upload asked (and a scheduled `publishAt` never makes it public).
 */
export function finishUpload(ctx: SandboxContext, session: YouTubeUploadSession): YouTubeVideo {
  const existing = ctx.state.youtube.videos.get(session.videoId ?? '');
  if (existing !== undefined) return existing;
  const now = nowOf(ctx);
  const video: YouTubeVideo = {
    id: newVideoId(ctx.state),
    channelId: session.channelId,
    handle: session.handle,
    snippet: session.snippet,
    settings: ctx.state.youtube.audited
      ? session.settings
      : { ...session.settings, privacyStatus: 'private', publishAt: null },
    notifySubscribers: session.notifySubscribers,
    uploadedAt: now,
    sizeBytes: session.received,
    sha256: session.hash.copy().digest('hex'),
    outcome: outcomeOf(session),
    thumbnailSha256: null,
  };
  ctx.state.youtube.videos.set(video.id, video);
  session.videoId = video.id;
  if (video.outcome.kind === 'processed') {
    addPublishedPost(ctx.state, {
      record: {
        platform: 'youtube',
        id: video.id,
        accountId: video.channelId,
        kind: 'VIDEO',
        caption: video.snippet.title,
        mediaUrls: [],
        children: 0,
        permalink: shortsUrl(ctx, video.id),
        upload: { sizeBytes: video.sizeBytes, sha256: video.sha256 },
        at: new Date(now),
      },
      handle: video.handle,
      shortcode: video.id,
      postId: video.id,
    });
  }
  return video;
}
