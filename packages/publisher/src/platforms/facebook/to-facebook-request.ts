import type { Post, PublishMedia } from '@svc/core';
import type { GraphParams } from '../meta/graph-client.js';
import { isVideo } from '../shared/is-video.js';
import { type RequestOutcome, requestOf } from '../shared/request-outcome.js';

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

/** The Facebook request for a post (platforms.md §5.2). */
export function toFacebookRequest(
  post: Post,
  media: readonly PublishMedia[],
): RequestOutcome<FacebookRequest> {
  return requestOf(facebookRequest(post.caption, media[0]));
}

// Every post fits Facebook: the content policy already refused what a Page cannot take.
function facebookRequest(text: string, first: PublishMedia | undefined): FacebookRequest {
  if (first === undefined) return { kind: 'post', edge: 'feed', params: { message: text }, text };
  if (isVideo(first)) return { kind: 'reel', videoUrl: first.url, description: text };
  return { kind: 'post', edge: 'photos', params: { url: first.url, caption: text }, text };
}
