import { measureText } from '@svc/core';
import { findPost } from '../meta/media-containers.js';
import { normalizeHandle } from '../shared/account-ids.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { SandboxControlError } from '../shared/sandbox-control-error.js';
import type { InstagramWebhookConfig } from '../shared/sandbox-state.js';
import {
  COMMENT_MAX,
  DEFAULT_VISITOR,
  repliesTo,
  storeInstagramComment,
  topLevelComments,
  visitorIdFor,
} from './instagram-comments.js';
import type { InstagramComment, WebhookAttempt } from './instagram-state.js';
import {
  instagramWebhooksIdle,
  verifyInstagramWebhook,
  type WebhookVerification,
} from './instagram-webhooks.js';

/** A comment to add as if someone (a visitor by default) made it on a published Instagram media. */
export type SandboxCommentInput = {
  readonly mediaId: string;
  readonly text: string;
  /** The commenter's username; default `sandbox_visitor`. Ignored with `asOwner`. */
  readonly username?: string;
  /** The commenter's id; default a stable id derived from the username. Ignored with `asOwner`. */
  readonly fromId?: string;
  /** A comment of the same media to reply to; a reply to a reply goes under its top-level comment, as on Instagram. */
  readonly parentId?: string;
  /** Comment as the media's owner account (its `from.id` is then the webhook entry's id). */
  readonly asOwner?: boolean;
  /** Backdate the comment (ISO time); default the sandbox clock's time. */
  readonly commentedAt?: string | Date;
  /** Deliver the webhook twice, as Meta sometimes does. */
  readonly duplicateDelivery?: boolean;
};

/** A comment as the control lists it, with the private reply it got. */
export type SandboxCommentView = Omit<InstagramComment, 'timestamp'> & {
  /** ISO time. */
  readonly timestamp: string;
  readonly privateReply: { readonly text: string; readonly messageId: string; readonly at: string } | null;
};

/** A top-level comment with its replies (the owner's public replies among them), oldest first. */
export type SandboxCommentThread = SandboxCommentView & { readonly replies: readonly SandboxCommentView[] };

/** Test controls of the Instagram comments, private replies and comment webhooks; `control.instagram`. */
export type InstagramControl = {
  /**
   * Sets the app's webhook callback (null removes it) and performs Meta's verification
   * handshake at once; an unverified callback is tried again before the next delivery.
   */
  configureWebhook(webhook: InstagramWebhookConfig | null): Promise<WebhookVerification>;
  /** Adds a comment (a visitor's by default) and delivers its webhook if the owner is subscribed. */
  addComment(input: SandboxCommentInput): { commentId: string };
  /** The media's top-level comments with their replies and private replies, oldest first. */
  comments(mediaId: string): SandboxCommentThread[];
  /** Subscribes the app to an account's webhook fields as `POST /subscribed_apps` does; null unsubscribes. */
  subscribe(igUserId: string, fields: readonly string[] | null): void;
  /** The fields the app is subscribed to for an account (empty when not subscribed). */
  subscribedFields(igUserId: string): string[];
  /** Resolves once no webhook delivery is pending (retries included). */
  webhooksIdle(): Promise<void>;
  /** Every webhook request made (handshakes and event attempts), oldest first. */
  webhookAttempts(): WebhookAttempt[];
  /** Waits before each retry of a delivery not answered 200 (real time, not the sandbox clock). */
  setWebhookRetryDelays(ms: readonly number[]): void;
};

function commentTime(ctx: SandboxContext, at: string | Date | undefined): number {
  if (at === undefined) return nowOf(ctx);
  const time = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(time)) throw new SandboxControlError(400, `commentedAt is not an ISO time: ${String(at)}`);
  return time;
}

/** Adds a comment as `SandboxCommentInput` describes; throws SandboxControlError when it cannot. */
export function addSandboxComment(ctx: SandboxContext, input: SandboxCommentInput): InstagramComment {
  const post = findPost(ctx, 'instagram', input.mediaId);
  if (post === undefined) {
    throw new SandboxControlError(404, `No published Instagram media has the id ${input.mediaId}`);
  }
  const text = typeof input.text === 'string' ? input.text : '';
  if (text.trim() === '') throw new SandboxControlError(400, 'The comment text is empty');
  if (measureText(text, 'code_points') > COMMENT_MAX) {
    throw new SandboxControlError(400, `A comment is at most ${COMMENT_MAX} characters`);
  }
  let parentId: string | null = null;
  if (input.parentId !== undefined && input.parentId !== '') {
    const parent = ctx.state.instagram.comments.get(input.parentId);
    if (parent?.mediaId !== post.record.id) {
      throw new SandboxControlError(404, `No comment ${input.parentId} on media ${post.record.id}`);
    }
    parentId = parent.parentId ?? parent.id;
  }
  let from: { id: string; username: string };
  if (input.asOwner === true) {
    from = { id: post.record.accountId, username: post.handle };
  } else {
    const username = normalizeHandle('instagram', input.username ?? DEFAULT_VISITOR);
    if (username === null) throw new SandboxControlError(400, `"${input.username}" is not a valid username`);
    const id = input.fromId === undefined || input.fromId === '' ? visitorIdFor(username) : input.fromId;
    from = { id, username };
  }
  return storeInstagramComment(ctx, post, {
    from,
    text,
    parentId,
    timestamp: commentTime(ctx, input.commentedAt),
    duplicateDelivery: input.duplicateDelivery === true,
  });
}

function view(ctx: SandboxContext, comment: InstagramComment): SandboxCommentView {
  const sent = ctx.state.instagram.privateReplies.get(comment.id);
  return {
    id: comment.id,
    mediaId: comment.mediaId,
    igUserId: comment.igUserId,
    from: { ...comment.from },
    text: comment.text,
    parentId: comment.parentId,
    timestamp: new Date(comment.timestamp).toISOString(),
    privateReply:
      sent === undefined
        ? null
        : { text: sent.text, messageId: sent.messageId, at: new Date(sent.at).toISOString() },
  };
}

/** A media's comment threads as the control lists them. */
export function sandboxCommentThreads(ctx: SandboxContext, mediaId: string): SandboxCommentThread[] {
  return topLevelComments(ctx, mediaId).map((c) => ({
    ...view(ctx, c),
    replies: repliesTo(ctx, c.id).map((r) => view(ctx, r)),
  }));
}

/** Checks and copies a webhook configuration given to the control. */
export function checkedWebhook(webhook: InstagramWebhookConfig): InstagramWebhookConfig {
  let url: URL;
  try {
    url = new URL(webhook.callbackUrl);
  } catch {
    throw new SandboxControlError(400, `callbackUrl is not a URL: ${String(webhook.callbackUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SandboxControlError(400, 'callbackUrl must be an http(s) URL');
  }
  if (typeof webhook.verifyToken !== 'string' || webhook.verifyToken === '') {
    throw new SandboxControlError(400, 'verifyToken must be a non-empty string');
  }
  return {
    callbackUrl: webhook.callbackUrl,
    verifyToken: webhook.verifyToken,
    ...(webhook.appSecret === undefined ? {} : { appSecret: webhook.appSecret }),
  };
}

/** The Instagram part of the control of the sandbox behind `ctx`. */
export function createInstagramControl(ctx: SandboxContext): InstagramControl {
  const { state } = ctx;
  return {
    async configureWebhook(webhook) {
      if (webhook === null) {
        state.settings.instagramWebhook = null;
        return { verified: false, status: null };
      }
      const checked = checkedWebhook(webhook);
      state.settings.instagramWebhook = checked;
      return verifyInstagramWebhook(ctx, checked);
    },
    addComment: (input) => ({ commentId: addSandboxComment(ctx, input).id }),
    comments: (mediaId) => sandboxCommentThreads(ctx, mediaId),
    subscribe(igUserId, fields) {
      if (fields === null) state.instagram.subscriptions.delete(igUserId);
      else state.instagram.subscriptions.set(igUserId, [...new Set(fields)]);
    },
    subscribedFields: (igUserId) => [...(state.instagram.subscriptions.get(igUserId) ?? [])],
    webhooksIdle: () => instagramWebhooksIdle(ctx),
    webhookAttempts: () => [...state.instagram.attempts],
    setWebhookRetryDelays(ms) {
      state.settings.webhookRetryDelaysMs = ms.map((d) => Math.max(0, d));
    },
  };
}
