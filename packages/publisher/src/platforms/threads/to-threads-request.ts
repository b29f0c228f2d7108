import { DEFAULT_POLICY_CONFIG, type Post, type PublishMedia, threadsReplyControl } from '@svc/core';
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
 * as the service's spec says for Threads. `reply_control` (who may reply) goes on the post and on
 * every part of its chain; a part also names the post it answers (`reply_to_id`). Both belong on
 * the container a person sees (the single one, or the carousel), never on a carousel's items.
 */
export function toThreadsRequest(
  post: Post,
  media: readonly PublishMedia[],
  multiSlide: ThreadsMultiSlide,
  replyToId?: string,
): RequestOutcome<ContainerPlan> {
  const control = threadsReplyControl(post);
  const text = post.caption;
  const extra: GraphParams = {
    ...(control === null ? {} : { reply_control: control }),
    ...(replyToId === undefined ? {} : { reply_to_id: replyToId }),
  };
  const [first] = media;
  if (first === undefined) {
    return {
      ok: true,
      request: { children: [], container: { media_type: 'TEXT', text, ...extra }, text },
    };
  }
  if (multiSlide === 'first_slide' || media.length === 1) {
    return {
      ok: true,
      request: { children: [], container: { ...slideParams(first), text, ...extra }, text },
    };
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
      container: { media_type: 'CAROUSEL', text, ...extra },
      text,
    },
  };
}

function slideParams(slide: PublishMedia): GraphParams {
  return isVideo(slide)
    ? { media_type: 'VIDEO', video_url: slide.url }
    : { media_type: 'IMAGE', image_url: slide.url };
}
