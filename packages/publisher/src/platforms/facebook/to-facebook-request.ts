import type { Post, PublishMedia } from '@svc/core';
import type { GraphParams } from '../meta/graph-client.js';
import { isVideo } from '../shared/is-video.js';
import { type RequestOutcome, refusedRequest, requestOf } from '../shared/request-outcome.js';

/** A feed or photo post: one call on a Page edge. */
export type FacebookPostRequest = {
  readonly kind: 'post';
  /** The Page edge posted to. */
  readonly edge: 'feed' | 'photos';
  readonly params: GraphParams;
  /** The text as sent; a post whose answer was lost is recognised by it. */
  readonly text: string;
};

/** A reel: start, upload and finish calls. */
export type FacebookReelRequest = {
  readonly kind: 'reel';
  readonly videoUrl: string;
  readonly description: string;
};

/**
 * What a post becomes on a Facebook Page. Only the first slide is published, as the service's spec
 * says for Facebook.
 */
export type FacebookRequest = FacebookPostRequest | FacebookReelRequest;

/**
 * The Facebook request for a post (platforms.md §5.2). `platformMeta.facebook.link` goes with a
 * text post as the feed's `link` parameter, which makes Facebook show the link's preview card.
 */
export function toFacebookRequest(
  post: Post,
  media: readonly PublishMedia[],
): RequestOutcome<FacebookRequest> {
  const link = post.platformMeta?.facebook?.link;
  if (link !== undefined && media.length > 0) {
    // The policy refuses this at creation; a stored post is never published without its link.
    return refusedRequest(
      'Facebook shows a link preview on text posts only: remove the media or platformMeta.facebook.link.',
    );
  }
  return requestOf(facebookRequest(post.caption, media[0], link));
}

// Every other post fits Facebook: the content policy already refused what a Page cannot take.
function facebookRequest(text: string, first: PublishMedia | undefined, link?: string): FacebookRequest {
  if (first === undefined) {
    const params = link === undefined ? { message: text } : { message: text, link };
    return { kind: 'post', edge: 'feed', params, text };
  }
  if (isVideo(first)) return { kind: 'reel', videoUrl: first.url, description: text };
  return { kind: 'post', edge: 'photos', params: { url: first.url, caption: text }, text };
}
