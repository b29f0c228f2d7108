import type {
  Clock,
  CommentReplies,
  CommentReplyAnswer,
  CommentSubscription,
  PublicReplyLookup,
} from '@svc/core';
import { nextPageCursor } from '../meta/graph-api.js';
import type { GraphClient, GraphParams } from '../meta/graph-client.js';
import { type GraphFailure, GraphRequestError } from '../meta/graph-failure.js';
import { type UserTokenCredentials, userTokenCredentialsSchema } from '../meta/user-token-credentials.js';
import {
  type CommentReplyRefusal,
  classifyCommentReplyFailure,
  type RefusalWording,
} from './classify-comment-reply-failure.js';
import { missingCommentPermissions } from './comment-reply-permissions.js';
import { INSTAGRAM_PROFILE_FIELDS, instagramProfileSchema } from './instagram-api.js';
import {
  COMMENT_REPLY_FIELDS,
  type CommentReply,
  commentRepliesSchema,
  privateReplySentSchema,
  publicReplyCreatedSchema,
  subscribedAppsSchema,
} from './instagram-comments-api.js';

/** What Instagram's comment-reply calls are made with: the gateway's Graph client and versioned base. */
export type CommentRepliesContext = {
  readonly graph: GraphClient;
  /** The versioned Graph base of Instagram Login (`https://graph.instagram.com/v23.0`). */
  readonly base: string;
  readonly clock: Clock;
};

/** The answers every call can give besides its own: the account's tokens, or a fault. */
type AccountFault =
  | { readonly kind: 'needs_reconnect'; readonly reason: string }
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string };

const UNREADABLE_TOKENS = 'The stored Instagram tokens of the account are unreadable; reconnect Instagram.';
// A fault that is not Graph's (a bug, an unreadable answer): tried again, never thrown at the caller.
const FAULT_RETRY_MS = 30_000;
// A refusal of a read that should not be refused: not worth repeating soon.
const ODD_REFUSAL_RETRY_MS = 60 * 60_000;
const REPLY_UNKNOWN = 'the comment was deleted, or the account cannot see it';
// Pages of replies read while looking for the account's own: 10 pages cover any usual thread.
const MAX_REPLY_PAGES = 10;

/**
 * Answering comments with Instagram Login (platforms.md 1.6): webhooks subscription, a private
 * reply (a direct message anchored to the comment), a public reply under it, and reading a public
 * reply back after a restart. Every call uses the account's own token and never rejects.
 */
export function createInstagramCommentReplies(ctx: CommentRepliesContext): CommentReplies {
  const { graph, base } = ctx;

  // Runs `call` with the account's credentials. Graph's refusals go through the classifier and
  // then `narrow`, to the kinds the call may answer; anything else thrown is a fault to retry.
  async function attempt<A>(
    stored: Readonly<Record<string, unknown>>,
    call: (credentials: UserTokenCredentials) => Promise<A>,
    narrow: (refusal: CommentReplyRefusal, failure: GraphFailure) => A | AccountFault,
    wording?: RefusalWording,
  ): Promise<A | AccountFault> {
    const credentials = userTokenCredentialsSchema.safeParse(stored);
    if (!credentials.success) return { kind: 'needs_reconnect', reason: UNREADABLE_TOKENS };
    try {
      return await call(credentials.data);
    } catch (error) {
      if (error instanceof GraphRequestError) {
        return narrow(classifyCommentReplyFailure(error.failure, ctx.clock.now(), wording), error.failure);
      }
      const detail = error instanceof Error ? error.name : 'unknown error';
      return { kind: 'retry', afterMs: FAULT_RETRY_MS, reason: `Instagram did not answer (${detail}).` };
    }
  }

  // The account's handle from `/me`, for replies Graph lists with a username but no author.
  async function ownHandle(credentials: UserTokenCredentials): Promise<string> {
    const me = await graph.get(instagramProfileSchema, `${base}/me`, {
      fields: INSTAGRAM_PROFILE_FIELDS,
      access_token: credentials.accessToken,
    });
    return me.handle;
  }

  async function findOwnReply(
    credentials: UserTokenCredentials,
    commentId: string,
  ): Promise<PublicReplyLookup> {
    let handle: string | null = null;
    // Meta documents `from.id` as an Instagram-scoped id, which need not equal the professional
    // account's `user_id` we store; a reply with another id is still ours when its author's
    // handle is the account's, so a lost answer never leads to a second public reply. The id is
    // tried first on each page, so the handle is read only when it is needed.
    const byHandle = async (reply: CommentReply) => {
      const author = reply.from?.username ?? reply.username;
      if (author === undefined) return false;
      handle ??= await ownHandle(credentials);
      return author.toLowerCase() === handle.toLowerCase();
    };
    let after: string | null = null;
    for (let page = 0; page < MAX_REPLY_PAGES; page++) {
      const params: GraphParams = {
        fields: COMMENT_REPLY_FIELDS,
        access_token: credentials.accessToken,
        ...(after === null ? {} : { after }),
      };
      const listing = await graph.get(commentRepliesSchema, `${base}/${commentId}/replies`, params);
      const byId = listing.data.find((reply) => reply.from?.id === credentials.userId);
      if (byId !== undefined) return { kind: 'found', replyId: byId.id };
      for (const reply of listing.data) {
        if (await byHandle(reply)) return { kind: 'found', replyId: reply.id };
      }
      after = nextPageCursor(listing);
      if (after === null) break;
    }
    return { kind: 'none' };
  }

  return {
    missingPermissions: missingCommentPermissions,
    subscribe: (stored) =>
      attempt<CommentSubscription>(
        stored,
        async (credentials) => {
          await graph.post(subscribedAppsSchema, `${base}/${credentials.userId}/subscribed_apps`, {
            subscribed_fields: 'comments,messages',
            access_token: credentials.accessToken,
          });
          return { kind: 'subscribed' };
        },
        asSubscription,
        { subject: "the account's comment notifications", unknownObject: 'it does not know the account' },
      ),
    sendPrivateReply: (stored, reply) =>
      attempt<CommentReplyAnswer>(
        stored,
        async (credentials) => {
          const sent = await graph.postJson(
            privateReplySentSchema,
            `${base}/${credentials.userId}/messages`,
            { recipient: { comment_id: reply.commentId }, message: { text: reply.text } },
            { authorization: `Bearer ${credentials.accessToken}` },
          );
          return { kind: 'sent', replyId: sent.replyId };
        },
        (refusal) => refusal,
        { subject: 'the private reply', unknownObject: REPLY_UNKNOWN },
      ),
    sendPublicReply: (stored, reply) =>
      attempt<CommentReplyAnswer>(
        stored,
        async (credentials) => {
          const created = await graph.post(publicReplyCreatedSchema, `${base}/${reply.commentId}/replies`, {
            message: reply.text,
            access_token: credentials.accessToken,
          });
          return { kind: 'sent', replyId: created.replyId };
        },
        (refusal) => refusal,
        { subject: 'the public reply', unknownObject: REPLY_UNKNOWN },
      ),
    findPublicReply: (stored, commentId) =>
      attempt<PublicReplyLookup>(stored, (credentials) => findOwnReply(credentials, commentId), asLookup, {
        subject: "reading the comment's replies",
        unknownObject: REPLY_UNKNOWN,
      }),
  };
}

// Subscribing meets neither of the private-reply rules; were Meta to answer with one, it is final.
function asSubscription(refusal: CommentReplyRefusal, failure: GraphFailure): CommentSubscription {
  if (refusal.kind !== 'already_replied' && refusal.kind !== 'window_closed') return refusal;
  return {
    kind: 'refused',
    reason: `Instagram refused the account's comment notifications: ${failure.error?.message ?? failure.detail}.`,
  };
}

// A comment Graph cannot read (100: deleted, or not one the account can see) has no reply of ours
// under it; the reply sent next is refused with the reason. Any other refusal of a read is odd,
// and is retried late rather than risking a second public reply.
function asLookup(refusal: CommentReplyRefusal, failure: GraphFailure): PublicReplyLookup {
  switch (refusal.kind) {
    case 'token_expired':
    case 'needs_reconnect':
    case 'retry':
      return refusal;
    case 'refused':
      if (failure.error?.code === 100) return { kind: 'none' };
      return { kind: 'retry', afterMs: ODD_REFUSAL_RETRY_MS, reason: refusal.reason };
    case 'already_replied':
    case 'window_closed':
      return {
        kind: 'retry',
        afterMs: ODD_REFUSAL_RETRY_MS,
        reason: `Instagram refused to list the comment's replies: ${failure.error?.message ?? failure.detail}.`,
      };
  }
}
