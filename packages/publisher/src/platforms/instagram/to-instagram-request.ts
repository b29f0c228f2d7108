import { DEFAULT_POLICY_CONFIG, type Post, type PublishMedia } from '@svc/core';
import type { ContainerPlan } from '../meta/container-plan.js';
import type { GraphParams } from '../meta/graph-client.js';
import { isVideo } from '../shared/is-video.js';
import type { RequestOutcome } from '../shared/request-outcome.js';

// The same ceiling the content policy checks at creation, from its one source.
const MAX_SLIDES = DEFAULT_POLICY_CONFIG.platforms.instagram.maxSlides ?? 10;

/**
 * The Instagram containers for a post (platforms.md §1.2): one image, one reel (every single video
 * is a reel since 2023, shared to the feed), or a carousel of 2–10 children and a parent.
 */
export function toInstagramRequest(
  post: Post,
  media: readonly PublishMedia[],
): RequestOutcome<ContainerPlan> {
  const caption = post.caption;
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
    return {
      ok: true,
      request: { children: [], container: single(post, first, caption), text: caption },
    };
  }
  return {
    ok: true,
    request: {
      children: media.map(child),
      container: { media_type: 'CAROUSEL', caption },
      text: caption,
    },
  };
}

function single(post: Post, slide: PublishMedia, caption: string): GraphParams {
  if (!isVideo(slide)) return { image_url: slide.url, caption };
  const coverUrl = post.platformMeta?.instagram?.coverUrl;
  return {
    media_type: 'REELS',
    video_url: slide.url,
    caption,
    share_to_feed: 'true',
    ...(coverUrl === undefined ? {} : { cover_url: coverUrl }),
  };
}

function child(slide: PublishMedia): GraphParams {
  return isVideo(slide)
    ? { is_carousel_item: 'true', media_type: 'VIDEO', video_url: slide.url }
    : { is_carousel_item: 'true', image_url: slide.url };
}
