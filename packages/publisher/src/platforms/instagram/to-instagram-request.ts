import { DEFAULT_POLICY_CONFIG, type InstagramMeta, type Post, type PublishMedia } from '@svc/core';
import type { ContainerPlan } from '../meta/container-plan.js';
import type { GraphParams } from '../meta/graph-client.js';
import { isVideo } from '../shared/is-video.js';
import type { RequestOutcome } from '../shared/request-outcome.js';

// The same ceiling the content policy checks at creation, from its one source.
const MAX_SLIDES = DEFAULT_POLICY_CONFIG.platforms.instagram.maxSlides ?? 10;

/**
 * The Instagram containers for a post (platforms.md §1.2): one image, one reel (every single video
 * is a reel since 2023), or a carousel of 2–10 children and a parent. `platformMeta.instagram`
 * adds the documented parameters: `collaborators` and `location_id` on the published container,
 * `user_tags` on each tagged image, `share_to_feed`, `cover_url` and `thumb_offset` on a reel.
 */
export function toInstagramRequest(
  post: Post,
  media: readonly PublishMedia[],
): RequestOutcome<ContainerPlan> {
  const caption = post.caption;
  const meta = post.platformMeta?.instagram;
  const [first] = media;
  if (first === undefined) {
    return { ok: false, reason: 'Instagram posts need an image or a video: add at least one slide.' };
  }
  if (media.length > MAX_SLIDES) {
    return {
      ok: false,
      reason: `Instagram carousels take at most ${MAX_SLIDES} slides; this post has ${media.length}: remove some.`,
    };
  }
  if (media.length === 1) {
    const container = { ...single(meta, first, caption), ...published(meta) };
    return { ok: true, request: { children: [], container, text: caption } };
  }
  return {
    ok: true,
    request: {
      children: media.map((slide, index) => child(slide, userTags(meta, index))),
      container: { media_type: 'CAROUSEL', caption, ...published(meta) },
      text: caption,
    },
  };
}

function single(meta: InstagramMeta | undefined, slide: PublishMedia, caption: string): GraphParams {
  if (!isVideo(slide)) return { image_url: slide.url, caption, ...userTags(meta, 0) };
  return {
    media_type: 'REELS',
    video_url: slide.url,
    caption,
    // Shared to the feed unless the person chose the Reels tab only.
    share_to_feed: String(meta?.shareToFeed ?? true),
    ...(meta?.coverUrl === undefined ? {} : { cover_url: meta.coverUrl }),
    ...(meta?.thumbOffset === undefined ? {} : { thumb_offset: String(meta.thumbOffset) }),
  };
}

function child(slide: PublishMedia, tags: GraphParams): GraphParams {
  return isVideo(slide)
    ? { is_carousel_item: 'true', media_type: 'VIDEO', video_url: slide.url }
    : { is_carousel_item: 'true', image_url: slide.url, ...tags };
}

// What the container that is published carries: Graph takes collaborators and the location on
// the single container or the carousel parent, never on a child.
function published(meta: InstagramMeta | undefined): GraphParams {
  const collaborators = meta?.collaborators ?? [];
  return {
    ...(collaborators.length === 0 ? {} : { collaborators: JSON.stringify(collaborators) }),
    ...(meta?.locationId === undefined ? {} : { location_id: meta.locationId }),
  };
}

// `user_tags` of the image at `index`: a JSON list of {username, x, y}, as Graph documents it.
function userTags(meta: InstagramMeta | undefined, index: number): GraphParams {
  const tags = (meta?.userTags ?? [])
    .filter((tag) => (tag.mediaIndex ?? 0) === index)
    .map(({ username, x, y }) => ({ username, x, y }));
  return tags.length === 0 ? {} : { user_tags: JSON.stringify(tags) };
}
