import { measureText } from '@svc/core';
import { pageOf, selectFields } from '../meta/graph-fields.js';
import { authenticateOwner, findPost, parseIdList } from '../meta/media-containers.js';
import { apiRoute } from '../shared/api-route.js';
import { authenticate } from '../shared/authenticate.js';
import { invalidParameter, permissionDenied, unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import type { PublishedPost } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { holdsScope } from '../shared/token-scopes.js';
import {
  COMMENT_MAX,
  graphComment,
  repliesTo,
  storeInstagramComment,
  topLevelComments,
  visitorIdFor,
} from './instagram-comments.js';
import type { InstagramComment } from './instagram-state.js';

// Instagram Login and Facebook Login name the comments scope differently (platforms.md 1).
const COMMENT_SCOPES = ['instagram_business_manage_comments', 'instagram_manage_comments'];

// The Instagram webhook fields an app can subscribe an account to.
const WEBHOOK_FIELDS = [
  'comments',
  'live_comments',
  'mentions',
  'message_reactions',
  'messages',
  'messaging_handover',
  'messaging_optins',
  'messaging_postbacks',
  'messaging_referral',
  'messaging_seen',
  'standby',
  'story_insights',
];

// Fields a comment read answers when none are asked for, as Graph does.
const COMMENT_DEFAULT_FIELDS = ['id', 'text', 'timestamp'];

/**
 * Subscriptions, comment reads, public replies and owner comments (platforms.md 1.6):
 * `/{ig-user-id|me}/subscribed_apps`, `/{ig-comment-id}/replies`, `/{ig-media-id}/comments`.
 */
export function instagramCommentRoutes(ctx: SandboxContext, base: string): RouteSpec[] {
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    edge: string,
    operation: string,
    run: (r: SandboxRequest) => Reply,
  ): RouteSpec => apiRoute('instagram', [method], `${base}/:id/${edge}`, `instagram.${operation}`, run);
  return [
    route('POST', 'subscribed_apps', 'subscribe_app', (r) => subscribe(ctx, r)),
    route('GET', 'subscribed_apps', 'subscribed_apps', (r) => subscriptions(ctx, r)),
    route('DELETE', 'subscribed_apps', 'unsubscribe_app', (r) => unsubscribe(ctx, r)),
    route('POST', 'replies', 'reply_comment', (r) => reply(ctx, r)),
    route('GET', 'replies', 'list_replies', (r) => listReplies(ctx, r)),
    route('POST', 'comments', 'create_comment', (r) => comment(ctx, r)),
    route('GET', 'comments', 'list_comments', (r) => listComments(ctx, r)),
  ];
}

function subscribe(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, 'instagram');
  const fields = parseIdList(r.input.get('subscribed_fields'));
  if (fields.length === 0) throw invalidParameter('The parameter subscribed_fields is required');
  fields.forEach((field, i) => {
    if (!WEBHOOK_FIELDS.includes(field)) {
      throw invalidParameter(
        `Param subscribed_fields[${i}] must be one of {${WEBHOOK_FIELDS.join(', ')}} - got "${field}"`,
      );
    }
  });
  // A POST replaces the subscription's fields, as Graph does.
  ctx.state.instagram.subscriptions.set(token.uid, [...new Set(fields)]);
  return jsonReply(200, { success: true });
}

function subscriptions(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, 'instagram');
  const fields = ctx.state.instagram.subscriptions.get(token.uid);
  return jsonReply(200, { data: fields === undefined ? [] : [{ subscribed_fields: [...fields] }] });
}

function unsubscribe(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, 'instagram');
  ctx.state.instagram.subscriptions.delete(token.uid);
  return jsonReply(200, { success: true });
}

const needsCommentsScope = () => permissionDenied(10, 'Application does not have permission for this action');

// Code 10 for a token granted without the comments scope, as the other scope refusals.
function commentsToken(ctx: SandboxContext, r: SandboxRequest): TokenPayload {
  const token = authenticate(ctx, r, 'instagram');
  if (!holdsScope(token, COMMENT_SCOPES)) throw needsCommentsScope();
  return token;
}

/**
 * `GET /{ig-comment-id}` for a comment on the token user's media (code 10 without the comments
 * scope); null when the id is not such a comment, for the node read to go on looking.
 */
export function commentNode(
  ctx: SandboxContext,
  token: TokenPayload,
  id: string,
  fields: string | undefined,
): Reply | null {
  const found = ctx.state.instagram.comments.get(id);
  if (found === undefined || found.igUserId !== token.uid) return null;
  if (!holdsScope(token, COMMENT_SCOPES)) throw needsCommentsScope();
  return jsonReply(200, selectFields(graphComment(found), fields, COMMENT_DEFAULT_FIELDS));
}

// A comment on the token user's media; any other id is an unknown object to Graph.
function ownComment(ctx: SandboxContext, token: TokenPayload, r: SandboxRequest): InstagramComment {
  const id = r.params.id ?? '';
  const found = ctx.state.instagram.comments.get(id);
  if (found === undefined || found.igUserId !== token.uid) throw unknownObject(id, r.method);
  return found;
}

// The token user's published media with this id.
function ownPost(ctx: SandboxContext, token: TokenPayload, id: string, method: string): PublishedPost {
  const post = findPost(ctx, 'instagram', id);
  if (post === undefined || post.record.accountId !== token.uid) throw unknownObject(id, method);
  return post;
}

function checkedMessage(r: SandboxRequest): string {
  const message = r.input.get('message') ?? '';
  if (message.trim() === '') throw invalidParameter('The parameter message is required');
  const length = measureText(message, 'code_points');
  if (length > COMMENT_MAX) {
    throw invalidParameter(`The comment is ${length} characters long; at most ${COMMENT_MAX} are allowed`);
  }
  return message;
}

/**
 * `POST /{ig-comment-id}/replies?message=`: a public reply by the media owner, top-level comments
 * only. Its author is the owner's Instagram-scoped id, not the account's user id, as Meta sends it.
 */
function reply(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = commentsToken(ctx, r);
  const parent = ownComment(ctx, token, r);
  if (parent.parentId !== null) {
    throw invalidParameter('Replies can only be made to top-level comments, not to replies');
  }
  const text = checkedMessage(r);
  const post = ownPost(ctx, token, parent.mediaId, r.method);
  const stored = storeInstagramComment(ctx, post, {
    from: { id: visitorIdFor(post.handle), username: post.handle },
    text,
    parentId: parent.id,
    timestamp: nowOf(ctx),
  });
  return jsonReply(200, { id: stored.id });
}

/** `POST /{ig-media-id}/comments?message=`: a new top-level comment by the media owner. */
function comment(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = commentsToken(ctx, r);
  const post = ownPost(ctx, token, r.params.id ?? '', r.method);
  const text = checkedMessage(r);
  const stored = storeInstagramComment(ctx, post, {
    from: { id: visitorIdFor(post.handle), username: post.handle },
    text,
    parentId: null,
    timestamp: nowOf(ctx),
  });
  return jsonReply(200, { id: stored.id });
}

const commentPage = (ctx: SandboxContext, r: SandboxRequest, comments: readonly InstagramComment[]) => {
  const fields = r.input.get('fields');
  const items = comments.map((c) => selectFields(graphComment(c), fields, COMMENT_DEFAULT_FIELDS));
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
};

/** `GET /{ig-comment-id}/replies`: the replies, oldest first. */
function listReplies(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = commentsToken(ctx, r);
  return commentPage(ctx, r, repliesTo(ctx, ownComment(ctx, token, r).id));
}

/** `GET /{ig-media-id}/comments`: the top-level comments, oldest first. */
function listComments(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = commentsToken(ctx, r);
  const post = ownPost(ctx, token, r.params.id ?? '', r.method);
  return commentPage(ctx, r, topLevelComments(ctx, post.record.id));
}
