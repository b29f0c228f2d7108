import { measureText } from '@svc/core';
import { containerApiRoutes } from '../meta/container-api-routes.js';
import { type RequestedContainer, requiredParam, unusableCarouselChild } from '../meta/container-steps.js';
import { flag, graphTime, pageOf, selectFields } from '../meta/graph-fields.js';
import { type ContainerMedia, findPost, parseIdList } from '../meta/media-containers.js';
import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { graphError, invalidParameter } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import type { MediaContainer, PublishedPost } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { threadsInsightsRoute } from './threads-insights.js';

const BASE = '/sandbox/threads/graph/:version';
const TEXT_MAX = 500;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 20;
/** `reply_control`'s documented values (developers.facebook.com/docs/threads/reply-management). */
const REPLY_CONTROLS = [
  'everyone',
  'accounts_you_follow',
  'mentioned_only',
  'parent_post_author_only',
  'followers_only',
];

/** The Threads API publishing and insights endpoints, platforms.md 4.2 and 4.4. */
export function threadsRoutes(ctx: SandboxContext): RouteSpec[] {
  const routes = containerApiRoutes(ctx, {
    platform: 'threads',
    base: BASE,
    mediaEdge: 'threads',
    publishEdge: 'threads_publish',
    limitEdge: 'threads_publishing_limit',
    me: (token) => ({
      id: token.uid,
      username: token.h,
      name: token.h,
      threads_biography: 'A sandbox account',
    }),
    containerNode: (container, status) => ({
      id: container.id,
      status,
      error_message: status === 'ERROR' ? container.failure?.threadsError : undefined,
    }),
    readContainer: (r, token) => readContainer(ctx, r, token),
    publishRefusals: { notFound: mediaNotFound, unfinished, overQuota },
    present: threadObject,
    limitExtras: { reply_quota_usage: 0, reply_config: { quota_total: 1000, quota_duration: 86400 } },
  });
  return [
    ...routes,
    threadsInsightsRoute(ctx, BASE),
    apiRoute('threads', ['GET'], `${BASE}/:id/replies`, 'threads.replies', (r) => listReplies(ctx, r)),
  ];
}

/** The published replies to a Threads post, oldest first (a first comment among them). */
export function threadsRepliesTo(ctx: SandboxContext, mediaId: string): PublishedPost[] {
  return ctx.state.posts.filter((p) => p.record.platform === 'threads' && p.record.replyTo === mediaId);
}

/**
 * A Threads post's chain as its author published it: from the post, each time the author's
 * earliest own reply to the one before (a chain is published before any first comment).
 */
export function threadsChainOf(ctx: SandboxContext, mediaId: string): PublishedPost[] {
  const root = findPost(ctx, 'threads', mediaId);
  const chain: PublishedPost[] = [];
  let at = root;
  while (at !== undefined) {
    const author = at.record.accountId;
    at = threadsRepliesTo(ctx, at.record.id).find((p) => p.record.accountId === author);
    if (at !== undefined) chain.push(at);
  }
  return chain;
}

/**
 * `GET /{threads-media-id}/replies`: its top-level replies, oldest first; `GET
 * /{threads-user-id}/replies` (or `me`): the user's own replies, newest first, as the API lists them.
 */
function listReplies(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticate(ctx, r, 'threads');
  const id = r.params.id ?? '';
  const own = id === token.uid || id === 'me';
  if (!own && findPost(ctx, 'threads', id) === undefined) throw mediaNotFound(id);
  const replies = own
    ? ctx.state.posts
        .filter(
          (p) =>
            p.record.platform === 'threads' &&
            p.record.accountId === token.uid &&
            p.record.replyTo !== undefined,
        )
        .reverse()
    : threadsRepliesTo(ctx, id);
  const items = replies.map((p) => selectFields(threadObject(p), r.input.get('fields')));
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
}

const MEDIA_TYPE = { TEXT: 'TEXT_POST', IMAGE: 'IMAGE', VIDEO: 'VIDEO', CAROUSEL: 'CAROUSEL_ALBUM' } as const;

function threadObject(post: PublishedPost): Record<string, unknown> {
  const { record } = post;
  return {
    id: record.id,
    media_product_type: 'THREADS',
    media_type: MEDIA_TYPE[record.kind as keyof typeof MEDIA_TYPE] ?? 'TEXT_POST',
    media_url: record.kind === 'IMAGE' || record.kind === 'VIDEO' ? record.mediaUrls[0] : undefined,
    permalink: record.permalink,
    shortcode: post.shortcode,
    text: record.caption === '' ? undefined : record.caption,
    timestamp: graphTime(record.at.getTime()),
    username: post.handle,
    owner: { id: record.accountId },
    is_quote_post: false,
    is_reply: record.replyTo !== undefined,
  };
}

function checkCarouselChildren(ctx: SandboxContext, owner: string, ids: readonly string[]): void {
  if (ids.length < CAROUSEL_MIN || ids.length > CAROUSEL_MAX) {
    throw invalidParameter(`A carousel needs ${CAROUSEL_MIN} to ${CAROUSEL_MAX} children; got ${ids.length}`);
  }
  const unusable = unusableCarouselChild(ctx, 'threads', owner, ids);
  if (unusable !== undefined)
    throw invalidParameter(`Child ${unusable} is not a FINISHED carousel item of this user`);
}

function readContainer(ctx: SandboxContext, r: SandboxRequest, token: TokenPayload): RequestedContainer {
  const text = r.input.get('text') ?? '';
  // Threads counts an emoji as its UTF-8 byte length (platforms.md 4.3).
  if (measureText(text, 'threads_weighted') > TEXT_MAX) {
    throw invalidParameter(`Param text must be at most ${TEXT_MAX} characters long.`);
  }
  const carouselItem = flag(r, 'is_carousel_item', false);
  const mediaType = requiredParam(r, 'media_type').toUpperCase();
  let media: ContainerMedia[] = [];
  let children: string[] = [];
  if (mediaType === 'TEXT' && !carouselItem) {
    if (text.trim() === '') throw invalidParameter('The parameter text is required for TEXT posts');
  } else if (mediaType === 'IMAGE') {
    media = [{ url: requiredParam(r, 'image_url'), kind: 'image' }];
  } else if (mediaType === 'VIDEO') {
    media = [{ url: requiredParam(r, 'video_url'), kind: 'video' }];
  } else if (mediaType === 'CAROUSEL' && !carouselItem) {
    children = parseIdList(r.input.get('children'));
    checkCarouselChildren(ctx, token.uid, children);
  } else {
    throw invalidParameter(`The media type ${mediaType} is not valid here`);
  }
  // A reply (`reply_to_id`) answers a published post: a first comment on Threads.
  const replyTo = r.input.get('reply_to_id');
  if (replyTo !== undefined && findPost(ctx, 'threads', replyTo) === undefined) throw mediaNotFound(replyTo);
  const replyControl = r.input.get('reply_control');
  if (replyControl !== undefined && !REPLY_CONTROLS.includes(replyControl)) {
    throw invalidParameter(`Param reply_control must be one of {${REPLY_CONTROLS.join(', ')}}`);
  }
  if (replyControl !== undefined && carouselItem) {
    throw invalidParameter('Param reply_control is not allowed on carousel items');
  }
  return {
    mediaType,
    carouselItem,
    caption: text,
    media,
    children,
    ...(replyTo === undefined ? {} : { replyTo }),
    ...(replyControl === undefined ? {} : { replyControl }),
  };
}

const mediaNotFound = (id: string) =>
  graphError(400, {
    code: 24,
    subcode: 4279009,
    message: 'The requested resource does not exist',
    userTitle: 'Media Not Found',
    userMessage: `The media with id ${id} cannot be found.`,
  });

const overQuota = (quota: number) =>
  graphError(400, {
    code: 9,
    message: `(#9) Posting limit reached: at most ${quota} posts per 24 hours`,
    userTitle: 'Posting limit reached',
    userMessage: `The profile reached its limit of ${quota} posts in 24 hours.`,
  });

const unfinished = (status: 'IN_PROGRESS' | 'ERROR' | 'EXPIRED', container: MediaContainer) => {
  // Threads answers "Media Not Found" while a container is still processing (a known race).
  if (status === 'IN_PROGRESS') return mediaNotFound(container.id);
  if (status === 'ERROR') {
    return invalidParameter(`The container failed (${container.failure?.threadsError ?? 'UNKNOWN'})`);
  }
  return invalidParameter('The container expired: it was not published within 24 hours');
};
