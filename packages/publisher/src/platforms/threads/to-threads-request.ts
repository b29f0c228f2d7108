import { DEFAULT_POLICY_CONFIG, type Post, type PublishMedia } from '@svc/core';
import type { ContainerPlan } from '../meta/container-plan.js';
import type { GraphParams } from '../meta/graph-client.js';
import { isVideo } from '../shared/is-video.js';
import type { RequestOutcome } from '../shared/request-outcome.js';

/** How a post with several slides goes to Threads. */
export type ThreadsMultiSlide = 'first_slide' | 'carousel';

// The same policy the others read their ceilings from: Threads' opt-in carousels.
const MAX_SLIDES = DEFAULT_POLICY_CONFIG.platforms.threads.optInCarouselMaxSlides ?? 20;

/**
 * The Threads containers for a post (platforms.md §4.2): a text post, one image or video, or, when
 * `multiSlide` is 'carousel', a carousel of 2–20. By default only the first slide is published,
 * as the service's spec says for Threads.
 */
export function toThreadsRequest(
  post: Post,
  media: readonly PublishMedia[],
  multiSlide: ThreadsMultiSlide,
): RequestOutcome<ContainerPlan> {
  const text = post.caption;
  const [first] = media;
  if (first === undefined) {
    return {
      ok: true,
      request: { children: [], container: { media_type: 'TEXT', text }, text },
    };
  }
  if (multiSlide === 'first_slide' || media.length === 1) {
    return { ok: true, request: { children: [], container: { ...slideParams(first), text }, text } };
  }
  if (media.length > MAX_SLIDES) {
    return {
      ok: false,
      reason: `Threads carousels take at most ${MAX_SLIDES} slides; this post has ${media.length}: remove some.`,
    };
  }
  return {
    ok: true,
    request: {
      children: media.map((slide) => ({ ...slideParams(slide), is_carousel_item: 'true' })),
      container: { media_type: 'CAROUSEL', text },
      text,
    },
  };
}

function slideParams(slide: PublishMedia): GraphParams {
  return isVideo(slide)
    ? { media_type: 'VIDEO', video_url: slide.url }
    : { media_type: 'IMAGE', image_url: slide.url };
}
