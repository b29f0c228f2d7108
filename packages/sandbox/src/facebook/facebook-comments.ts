import { graphTime, pageOf, selectFields } from '../meta/graph-fields.js';
import { invalidParameter, unknownObject } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { postWithPostId, postWithRecordId } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { commentsSection } from '../shared/sandbox-pages.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { newNumericId, type PublishedPost } from '../shared/sandbox-state.js';
import { authorizePage } from './facebook-pages.js';
import type { FacebookComment } from './facebook-state.js';

/** The longest comment Facebook takes. */
export const FACEBOOK_COMMENT_MAX = 8000;

// A post by its `<pageId>_<postId>`, a reel by its video id: both take comments.
function commentedPost(ctx: SandboxContext, r: SandboxRequest): PublishedPost {
  const id = r.params.id ?? '';
  const post =
    postWithPostId(ctx.state.postIndex, 'facebook', id) ??
    postWithRecordId(ctx.state.postIndex, 'facebook', id);
  if (post === undefined) throw unknownObject(id, r.method);
  return post;
}

const keyOf = (post: PublishedPost) => post.postId;

const graphComment = (c: FacebookComment) => ({
  id: c.id,
  message: c.message,
  from: c.from,
  created_time: graphTime(c.at),
});

/** `POST /{object-id}/comments` with `message`: a comment as the Page (its Page token; platforms.md 5.3). */
export function createFacebookComment(ctx: SandboxContext, r: SandboxRequest): Reply {
  const post = commentedPost(ctx, r);
  const { token } = authorizePage(ctx, r, post.record.accountId, 'write');
  const message = r.input.get('message') ?? '';
  if (message.trim() === '') throw invalidParameter('The parameter message is required');
  if ([...message].length > FACEBOOK_COMMENT_MAX) {
    throw invalidParameter(`The comment is longer than ${FACEBOOK_COMMENT_MAX} characters`);
  }
  const comment: FacebookComment = {
    id: `${post.shortcode}_${newNumericId(ctx.state, '', 15)}`,
    message,
    from: { id: post.record.accountId, name: token.h },
    at: nowOf(ctx),
  };
  const list = ctx.state.facebook.comments.get(keyOf(post)) ?? [];
  list.push(comment);
  ctx.state.facebook.comments.set(keyOf(post), list);
  return jsonReply(200, { id: comment.id });
}

/** `GET /{object-id}/comments`: the comments, oldest first. */
export function listFacebookComments(ctx: SandboxContext, r: SandboxRequest): Reply {
  const post = commentedPost(ctx, r);
  authorizePage(ctx, r, post.record.accountId, 'read');
  const fields = r.input.get('fields');
  const items = facebookCommentsOf(ctx, post).map((c) => selectFields(graphComment(c), fields));
  return jsonReply(
    200,
    pageOf(items, (item) => String(item.id), r, ctx.baseUrl),
  );
}

/** The comments on a post, oldest first. */
export function facebookCommentsOf(ctx: SandboxContext, post: PublishedPost): readonly FacebookComment[] {
  return ctx.state.facebook.comments.get(keyOf(post)) ?? [];
}

/** The comments section of a post's permalink page. */
export function facebookCommentsSection(ctx: SandboxContext, post: PublishedPost | undefined): string {
  if (post === undefined) return '';
  return commentsSection(
    facebookCommentsOf(ctx, post).map((c) => ({ author: c.from.name, text: c.message })),
  );
}
