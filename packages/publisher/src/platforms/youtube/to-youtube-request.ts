import type { Post, PublishMedia } from '@svc/core';
import { type RequestOutcome, refusedRequest, requestOf } from '../shared/request-outcome.js';

/** What `videos.insert` is sent, and where the video and thumbnail come from. */
export type YouTubeRequest = {
  readonly blobKey: string;
  readonly contentType: string;
  /** The video resource of the session-creating call. */
  readonly resource: {
    readonly snippet: { readonly title: string; readonly description: string; readonly categoryId: string };
    readonly status: { readonly privacyStatus: YouTubePrivacy; readonly selfDeclaredMadeForKids: boolean };
  };
  readonly thumbnailUrl: string | null;
};

/** The privacy a video is uploaded with. */
export type YouTubePrivacy = 'private' | 'unlisted' | 'public';

const PRIVACY: readonly YouTubePrivacy[] = ['private', 'unlisted', 'public'];
/** Shorts run at most 3 minutes (since October 2024, platforms.md 3.3). */
const MAX_SHORT_MS = 180_000;
// "People & Blogs", the category YouTube's upload page picks by default.
const CATEGORY_ID = '22';

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * Turns a post into a Short upload, or says why it cannot be one, before anything is sent
 * (platforms.md 3.3): one stored video, vertical or square and at most 3 minutes when its size and
 * length are known (unknown ones are left to YouTube, as the policy checked what it could at
 * creation); a title of 1 to 100 characters and a description (the caption) of at most 5000
 * bytes, neither with `<` or `>`. `platformMeta.youtube.privacyStatus` (`private`, `unlisted`,
 * `public`; an extra field the spec's schema allows) sets the privacy; default public.
 */
export function toYouTubeRequest(post: Post, media: readonly PublishMedia[]): RequestOutcome<YouTubeRequest> {
  const [video, ...more] = media;
  if (video === undefined) return refusedRequest('A YouTube Short needs a video; this post has none.');
  if (more.length > 0)
    return refusedRequest(`YouTube takes one video per post; this post has ${media.length} slides.`);
  if (video.contentType !== null && !video.contentType.startsWith('video/')) {
    return refusedRequest(`YouTube Shorts are videos; this post's media is ${video.contentType}.`);
  }
  if (video.blobKey === null) {
    return refusedRequest(
      'YouTube videos are uploaded from our storage, but this video is an outside link; create the post ' +
        'again so the video is stored first.',
    );
  }
  if (video.width !== null && video.height !== null && video.width > video.height) {
    return refusedRequest(
      `YouTube Shorts must be vertical or square; this video is ${video.width}x${video.height} (landscape).`,
    );
  }
  if (video.durationMs !== null && video.durationMs > MAX_SHORT_MS) {
    return refusedRequest(
      `YouTube Shorts can be at most 3 minutes long; this video runs ${minutes(video.durationMs)}.`,
    );
  }
  const title = post.title ?? '';
  if (title.trim() === '')
    return refusedRequest('YouTube needs a title for every video; add a title to the post.');
  if ([...title].length > 100)
    return refusedRequest(`The title is ${[...title].length} characters; YouTube allows 100.`);
  if (/[<>]/.test(title)) return refusedRequest('YouTube titles cannot contain < or >.');
  const bytes = Buffer.byteLength(post.caption, 'utf8');
  if (bytes > 5000)
    return refusedRequest(`The caption is ${bytes} bytes; a YouTube description allows 5000.`);
  if (/[<>]/.test(post.caption))
    return refusedRequest('YouTube descriptions (the caption) cannot contain < or >.');
  const meta = post.platformMeta?.youtube;
  const privacy = meta?.privacyStatus ?? 'public';
  if (typeof privacy !== 'string' || !PRIVACY.includes(privacy as YouTubePrivacy)) {
    return refusedRequest(
      `platformMeta.youtube.privacyStatus must be private, unlisted or public, not ${JSON.stringify(privacy)}.`,
    );
  }
  return requestOf({
    blobKey: video.blobKey,
    contentType: video.contentType ?? 'application/octet-stream',
    resource: {
      snippet: { title, description: post.caption, categoryId: CATEGORY_ID },
      status: { privacyStatus: privacy as YouTubePrivacy, selfDeclaredMadeForKids: false },
    },
    thumbnailUrl: meta?.thumbnailUrl ?? null,
  });
}
