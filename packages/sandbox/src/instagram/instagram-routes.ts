import { measureText } from '@svc/core';
import { containerApiRoutes } from '../meta/container-api-routes.js';
import { type RequestedContainer, requiredParam, unusableCarouselChild } from '../meta/container-steps.js';
import { flag, graphTime } from '../meta/graph-fields.js';
import { type ContainerMedia, type ContainerStatus, parseIdList } from '../meta/media-containers.js';
import { graphError, invalidParameter } from '../shared/graph-error.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { type MediaContainer, type PublishedPost, postsOf } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { simulatedFollowerCount } from '../shared/simulated-followers.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import { commentNode, instagramCommentRoutes } from './instagram-comment-routes.js';
import { type ContainerShape, readInstagramOptions } from './instagram-container-options.js';
import { instagramInsightsRoute } from './instagram-insights.js';
import { instagramPrivateReplyRoute } from './instagram-private-replies.js';

const BASE = '/sandbox/instagram/graph/:version';
const CAPTION_MAX = 2200;
const MENTIONS_MAX = 20;

const STATUS_TEXT = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  PUBLISHED: 'Published: Media has been successfully published.',
  EXPIRED: 'Expired: The media container was not published within 24 hours.',
} as const;

/**
 * The Instagram Graph API (Instagram Login) publishing, insights, comments and private-reply
 * endpoints, platforms.md 1.2, 1.5 and 1.6.
 */
export function instagramRoutes(ctx: SandboxContext): RouteSpec[] {
  const routes = containerApiRoutes(ctx, {
    platform: 'instagram',
    base: BASE,
    mediaEdge: 'media',
    publishEdge: 'media_publish',
    limitEdge: 'content_publishing_limit',
    me: (token) => meObject(ctx, token),
    containerNode,
    otherNode: (token, id, fields) => commentNode(ctx, token, id, fields),
    readContainer: (r, token) => readContainer(ctx, r, token),
    publishRefusals: { notFound: mediaNotFound, unfinished, overQuota },
    present: (post) => mediaObject(ctx, post),
  });
  return [
    ...routes,
    instagramInsightsRoute(ctx, BASE),
    ...instagramCommentRoutes(ctx, BASE),
    instagramPrivateReplyRoute(ctx, BASE),
  ];
}

function containerNode(container: MediaContainer, status: ContainerStatus): Record<string, unknown> {
  const text =
    status === 'ERROR'
      ? `Error: Media upload has failed with error code ${container.failure?.subcode ?? 2207001}`
      : STATUS_TEXT[status];
  return { id: container.id, status_code: status, status: text };
}

function meObject(ctx: SandboxContext, token: TokenPayload): Record<string, unknown> {
  return {
    id: token.uid,
    user_id: token.uid,
    username: token.h,
    name: token.h,
    account_type: 'BUSINESS',
    followers_count: simulatedFollowerCount('instagram', token.h, ctx.clock.now()),
    follows_count: 0,
    media_count: postsOf(ctx.state, 'instagram', token.uid).length,
  };
}

function mediaObject(ctx: SandboxContext, post: PublishedPost): Record<string, unknown> {
  const { record } = post;
  // The cheap counters follow the same curves as the insights' likes and comments.
  const counter = (metric: string) =>
    simulatedMetric('instagram', record.id, metric, record.at, ctx.clock.now());
  return {
    id: record.id,
    caption: record.caption === '' ? undefined : record.caption,
    media_type: record.kind === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : record.kind === 'REELS' ? 'VIDEO' : 'IMAGE',
    media_product_type: record.kind === 'REELS' ? 'REELS' : 'FEED',
    media_url: record.mediaUrls[0],
    permalink: record.permalink,
    shortcode: post.shortcode,
    timestamp: graphTime(record.at.getTime()),
    username: post.handle,
    owner: { id: record.accountId },
    like_count: counter('likes'),
    comments_count: counter('comments'),
  };
}

function checkCaption(caption: string): void {
  const length = measureText(caption, 'code_points');
  if (length > CAPTION_MAX) {
    throw graphError(400, {
      code: 36004,
      subcode: 2207010,
      message:
        `The submitted image's caption was ${length} characters long. The maximum number of characters ` +
        `permitted for a caption is ${CAPTION_MAX}. Please submit media with a shorter caption.`,
    });
  }
  const mentions = caption.match(/(?:^|[^\w@])@[\w.]+/g)?.length ?? 0;
  if (mentions > MENTIONS_MAX) {
    throw invalidParameter(`Cannot use more than ${MENTIONS_MAX} tags per created media.`, 2207040);
  }
}

const carouselError = (detail: string) =>
  invalidParameter(
    "Your post won't work as a carousel. Carousels need at least 2 photos/videos and no more than " +
      `10 photos/videos. ${detail}`,
    2207028,
  );

function checkCarouselChildren(ctx: SandboxContext, owner: string, ids: readonly string[]): void {
  if (ids.length < 2 || ids.length > 10) throw carouselError(`Got ${ids.length}.`);
  const unusable = unusableCarouselChild(ctx, 'instagram', owner, ids);
  if (unusable !== undefined) {
    throw carouselError(`Item ${unusable} is not a FINISHED carousel item of this account.`);
  }
}

function readContainer(ctx: SandboxContext, r: SandboxRequest, token: TokenPayload): RequestedContainer {
  const caption = r.input.get('caption') ?? '';
  checkCaption(caption);
  const carouselItem = flag(r, 'is_carousel_item', false);
  const mediaType = (r.input.get('media_type') ?? 'IMAGE').toUpperCase();
  let media: ContainerMedia[] = [];
  let children: string[] = [];
  if (mediaType === 'IMAGE') {
    media = [{ url: requiredParam(r, 'image_url'), kind: 'image' }];
  } else if (mediaType === 'VIDEO' && carouselItem) {
    media = [{ url: requiredParam(r, 'video_url'), kind: 'video' }];
  } else if (mediaType === 'VIDEO') {
    throw invalidParameter('Single feed videos are published as reels: use media_type=REELS', 2207023);
  } else if (mediaType === 'REELS' && !carouselItem) {
    media = [{ url: requiredParam(r, 'video_url'), kind: 'video' }];
  } else if (mediaType === 'CAROUSEL' && !carouselItem) {
    children = parseIdList(r.input.get('children'));
    checkCarouselChildren(ctx, token.uid, children);
  } else if (mediaType === 'STORIES') {
    throw invalidParameter('Stories are not simulated by the sandbox', 2207023);
  } else {
    throw invalidParameter(`The media type ${mediaType} is unknown.`, 2207023);
  }
  const shape: ContainerShape = carouselItem
    ? mediaType === 'VIDEO'
      ? 'video-item'
      : 'image-item'
    : mediaType === 'REELS'
      ? 'reel'
      : mediaType === 'CAROUSEL'
        ? 'carousel'
        : 'image';
  const instagram = readInstagramOptions(r, shape);
  return { mediaType, carouselItem, caption, media, children, instagram };
}

const mediaNotFound = (creationId: string) =>
  graphError(400, {
    code: 24,
    subcode: 2207006,
    message: 'Media ID is not available',
    userTitle: 'Media not found',
    userMessage: `The media with ${creationId} cannot be found.`,
  });

const overQuota = () =>
  graphError(400, {
    code: 9,
    subcode: 2207042,
    message: '(#9) Application request limit reached',
    userTitle: 'Max. posts reached',
    userMessage:
      'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
  });

const unfinished = (status: 'IN_PROGRESS' | 'ERROR' | 'EXPIRED', container: MediaContainer) => {
  // A container is in ERROR only with a failure (containerStatus), answered as Instagram words it.
  if (status === 'ERROR' && container.failure !== null) {
    const { code, subcode, message } = container.failure;
    return graphError(400, { code, subcode, message });
  }
  if (status === 'EXPIRED') {
    return graphError(400, {
      code: -2,
      subcode: 2207020,
      message: 'The media you are trying to access has expired. Please try to upload again.',
    });
  }
  return graphError(400, {
    code: 9007,
    subcode: 2207027,
    message: 'Media ID is not available',
    userTitle: 'Media not ready',
    userMessage: 'The media is not ready for publishing, please wait for a moment',
  });
};
