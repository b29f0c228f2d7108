import { createHash } from 'node:crypto';
import { graphTime } from '../meta/graph-fields.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import { newNumericId, type PublishedPost } from '../shared/sandbox-state.js';
import type { InstagramComment } from './instagram-state.js';
import { queueInstagramWebhook } from './instagram-webhooks.js';

/** The longest comment or public reply Instagram takes, as for captions. */
export const COMMENT_MAX = 2200;

/** The username a visitor's comment gets when none is given. */
export const DEFAULT_VISITOR = 'sandbox_visitor';

/** What a new comment is made of; the sandbox gives it its id. */
export type NewInstagramComment = {
  readonly from: { readonly id: string; readonly username: string };
  readonly text: string;
  /** The top-level comment it replies to; null for a top-level comment. */
  readonly parentId: string | null;
  /** When it was made (milliseconds); the sandbox clock's time unless backdated. */
  readonly timestamp: number;
  /** Deliver the webhook twice, as Meta sometimes does. */
  readonly duplicateDelivery?: boolean;
};

/**
 * The Instagram-scoped id a visitor always gets for a username (case ignored): 16 digits, so it
 * never equals an account id (15 digits) and a receiving server can tell visitors from the owner.
 */
export function visitorIdFor(username: string): string {
  const hex = createHash('sha256').update(`instagram-visitor\n${username.toLowerCase()}`).digest('hex');
  return `6${(BigInt(`0x${hex.slice(0, 15)}`) % 10n ** 15n).toString().padStart(15, '0')}`;
}

/** `FEED` or `REELS`, as the webhook's `media.media_product_type` names a post. */
export function mediaProductType(post: PublishedPost): 'FEED' | 'REELS' {
  return post.record.kind === 'REELS' ? 'REELS' : 'FEED';
}

/** Whether the app's subscription to an account includes `field`. */
export function isSubscribed(ctx: SandboxContext, igUserId: string, field: string): boolean {
  return ctx.state.instagram.subscriptions.get(igUserId)?.includes(field) ?? false;
}

/** The webhook body Meta POSTs for a new comment (platforms.md 1.6), `entry[].changes[]` shape. */
export function commentWebhookPayload(post: PublishedPost, comment: InstagramComment): unknown {
  return {
    object: 'instagram',
    entry: [
      {
        id: comment.igUserId,
        time: Math.floor(comment.timestamp / 1000),
        changes: [
          {
            field: 'comments',
            value: {
              id: comment.id,
              text: comment.text,
              ...(comment.parentId === null ? {} : { parent_id: comment.parentId }),
              from: { id: comment.from.id, username: comment.from.username },
              media: { id: post.record.id, media_product_type: mediaProductType(post) },
            },
          },
        ],
      },
    ],
  };
}

/**
 * Stores a comment on a published Instagram post and, when the app is subscribed to the owner's
 * `comments`, delivers its webhook in the background. The owner's own comments (its public
 * replies) are delivered too, as Meta does: the receiver must skip them.
 */
export function storeInstagramComment(
  ctx: SandboxContext,
  post: PublishedPost,
  input: NewInstagramComment,
): InstagramComment {
  const comment: InstagramComment = {
    id: newNumericId(ctx.state, '178', 14),
    mediaId: post.record.id,
    igUserId: post.record.accountId,
    from: { id: input.from.id, username: input.from.username },
    text: input.text,
    parentId: input.parentId,
    timestamp: input.timestamp,
  };
  ctx.state.instagram.comments.set(comment.id, comment);
  if (isSubscribed(ctx, comment.igUserId, 'comments')) {
    queueInstagramWebhook(ctx, {
      payload: commentWebhookPayload(post, comment),
      commentId: comment.id,
      duplicate: input.duplicateDelivery === true,
    });
  }
  return comment;
}

/** The top-level comments of a media, oldest first. */
export function topLevelComments(ctx: SandboxContext, mediaId: string): InstagramComment[] {
  return [...ctx.state.instagram.comments.values()].filter(
    (c) => c.mediaId === mediaId && c.parentId === null,
  );
}

/** The replies to a comment, oldest first. */
export function repliesTo(ctx: SandboxContext, commentId: string): InstagramComment[] {
  return [...ctx.state.instagram.comments.values()].filter((c) => c.parentId === commentId);
}

/** A comment as the Graph API's IG Comment node presents it; `fields` picks from these. */
export function graphComment(comment: InstagramComment): Record<string, unknown> {
  return {
    id: comment.id,
    text: comment.text,
    timestamp: graphTime(comment.timestamp),
    from: { id: comment.from.id, username: comment.from.username },
    username: comment.from.username,
    parent_id: comment.parentId ?? undefined,
    media: { id: comment.mediaId },
    like_count: 0,
    hidden: false,
  };
}
