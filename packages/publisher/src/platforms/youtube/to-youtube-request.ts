import type { Post, PublishMedia, YouTubeMeta } from '@svc/core';
import { type RequestOutcome, refusedRequest, requestOf } from '../shared/request-outcome.js';

/** What `videos.insert` is sent, and where the video and thumbnail come from. */
export type YouTubeRequest = {
  readonly blobKey: string;
  readonly contentType: string;
  /** The video resource of the session-creating call. */
  readonly resource: {
    readonly snippet: {
      readonly title: string;
      readonly description: string;
      readonly categoryId: string;
      readonly tags?: readonly string[];
      readonly defaultLanguage?: string;
    };
    readonly status: { readonly privacyStatus: YouTubePrivacy; readonly selfDeclaredMadeForKids: boolean };
  };
  /** The `notifySubscribers` query parameter; null leaves it out (YouTube then notifies). */
  readonly notifySubscribers: boolean | null;
  readonly thumbnailUrl: string | null;
  /** The playlist the video is added to once processed (playlistItems.insert); null: none. */
  readonly playlistId: string | null;
};

/** The privacy a video is uploaded with. */
export type YouTubePrivacy = 'private' | 'unlisted' | 'public';

const PRIVACY: readonly YouTubePrivacy[] = ['private', 'unlisted', 'public'];
/** Shorts run at most 3 minutes (since October 2024, platforms.md 3.3). */
const MAX_SHORT_MS = 180_000;
// "People & Blogs", the category YouTube's upload page picks by default.
const CATEGORY_ID = '22';
// When the post does not declare the audience: not made for kids, the default docs/posts.md
// documents; the policy warned about it when the post was created (made_for_kids_undeclared).
const MADE_FOR_KIDS_DEFAULT = false;

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * Turns a post into a Short upload, or says why it cannot be one, before anything is sent
 * (platforms.md 3.3): one stored video, vertical or square and at most 3 minutes when its size and
 * length are known (unknown ones are left to YouTube, as the policy checked what it could at
 * creation); a title of 1 to 100 characters and a description (the caption) of at most 5000
 * bytes, neither with `<` or `>`. `platformMeta.youtube` (contract.md, checked by the policy at
 * creation and again here for posts stored before) maps to the documented request: `privacyStatus`
 * (default public) and `madeForKids` to `status.privacyStatus` and `status.selfDeclaredMadeForKids`
 * (default false), `categoryId` (default 22), `tags` and `defaultLanguage` to the snippet,
 * `notifySubscribers` to the query parameter of the same name, `playlistId` to a playlistItems
 * insert after processing.
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
  const meta: YouTubeMeta | undefined = post.platformMeta?.youtube;
  const privacy = meta?.privacyStatus ?? 'public';
  if (typeof privacy !== 'string' || !PRIVACY.includes(privacy as YouTubePrivacy)) {
    return refusedRequest(
      `platformMeta.youtube.privacyStatus must be private, unlisted or public, not ${JSON.stringify(privacy)}.`,
    );
  }
  const tags = meta?.tags ?? [];
  return requestOf({
    blobKey: video.blobKey,
    contentType: video.contentType ?? 'application/octet-stream',
    resource: {
      snippet: {
        title,
        description: post.caption,
        categoryId: meta?.categoryId ?? CATEGORY_ID,
        ...(tags.length > 0 ? { tags } : {}),
        ...(meta?.defaultLanguage === undefined ? {} : { defaultLanguage: meta.defaultLanguage }),
      },
      status: {
        privacyStatus: privacy as YouTubePrivacy,
        selfDeclaredMadeForKids: meta?.madeForKids ?? MADE_FOR_KIDS_DEFAULT,
      },
    },
    notifySubscribers: meta?.notifySubscribers ?? null,
    thumbnailUrl: meta?.thumbnailUrl ?? null,
    playlistId: meta?.playlistId ?? null,
  });
}
