import { measureText } from '@svc/core';
import { authenticateOwner } from '../meta/media-containers.js';
import { apiRoute } from '../shared/api-route.js';
import { graphError, invalidParameter, permissionDenied } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import { type JsonObject, parseJsonObject } from '../shared/json-object.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { RouteSpec, SandboxRequest } from '../shared/sandbox-router.js';
import { newNumericId } from '../shared/sandbox-state.js';
import { holdsScope } from '../shared/token-scopes.js';
import type { InstagramPrivateReply } from './instagram-state.js';

// Instagram Login and Facebook Login name the messaging scope differently (platforms.md 1).
const MESSAGE_SCOPES = ['instagram_business_manage_messages', 'instagram_manage_messages'];
const TEXT_MAX = 1000;
const REPLY_WINDOW_MS = 7 * 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

const outsideWindow = (subcode: number) =>
  graphError(400, { code: 10, subcode, message: '(#10) This message is sent outside of allowed window.' });

// What the Send API answers for a recipient it cannot resolve.
const noMatchingUser = () =>
  graphError(400, { code: 100, subcode: 2018001, message: '(#100) No matching user found' });

/** `POST /{ig-user-id|me}/messages`: the Send API, simulated for private replies to comments (platforms.md 1.6). */
export function instagramPrivateReplyRoute(ctx: SandboxContext, base: string): RouteSpec {
  return apiRoute('instagram', ['POST'], `${base}/:id/messages`, 'instagram.private_reply', (r) =>
    privateReply(ctx, r),
  );
}

// A JSON object parameter (the body's nested objects arrive re-encoded as JSON); null otherwise.
function objectParam(r: SandboxRequest, name: string): JsonObject | null {
  const raw = r.input.get(name);
  return raw === undefined ? null : parseJsonObject(raw);
}

function messageText(r: SandboxRequest): string {
  const message = objectParam(r, 'message');
  if (message === null) throw invalidParameter('The parameter message is required');
  const text = typeof message.text === 'string' ? message.text : '';
  if (text.trim() === '') throw invalidParameter('Param message[text] must be non-empty.');
  if (measureText(text, 'code_points') > TEXT_MAX) {
    throw invalidParameter(`Length of param message[text] must be less than or equal to ${TEXT_MAX}`);
  }
  return text;
}

function privateReply(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateOwner(ctx, r, 'instagram');
  if (!holdsScope(token, MESSAGE_SCOPES)) {
    throw permissionDenied(10, 'Application does not have permission for this action');
  }
  const recipient = objectParam(r, 'recipient');
  if (recipient === null) throw invalidParameter('The parameter recipient is required');
  const commentId = recipient.comment_id;
  if (typeof commentId !== 'string' || commentId === '') {
    // Messaging a user directly needs a conversation the user opened, which the sandbox never has.
    if (recipient.id !== undefined) throw outsideWindow(2534022);
    throw invalidParameter('The parameter recipient must name a comment_id or an id');
  }
  const text = messageText(r);
  const ig = ctx.state.instagram;
  const now = nowOf(ctx);
  const comments = ig.comments;
  let sentLastHour = 0;
  for (const sent of ig.privateReplies.values()) {
    if (sent.at > now - HOUR_MS && comments.get(sent.commentId)?.igUserId === token.uid) sentLastHour++;
  }
  if (sentLastHour >= ctx.state.settings.quotas.instagramPrivateReplies) {
    throw graphError(400, { code: 613, message: '(#613) Calls to this api have exceeded the rate limit.' });
  }
  const comment = comments.get(commentId);
  // The account's own comments have no one to write to.
  if (comment === undefined || comment.igUserId !== token.uid || comment.from.id === token.uid) {
    throw noMatchingUser();
  }
  if (ig.privateReplies.has(comment.id)) {
    throw graphError(400, { code: 10900, message: '(#10900) Activity already replied to' });
  }
  if (now - comment.timestamp > REPLY_WINDOW_MS) throw outsideWindow(2018278);
  const serial = newNumericId(ctx.state, '3', 18);
  const sent: InstagramPrivateReply = {
    commentId: comment.id,
    recipientId: comment.from.id,
    // Shaped like Instagram's message ids: base64 of an item key.
    messageId: Buffer.from(`ig_item:1:IGMessage:${token.uid}:${serial}`).toString('base64url'),
    text,
    at: now,
  };
  ig.privateReplies.set(comment.id, sent);
  return jsonReply(200, { recipient_id: sent.recipientId, message_id: sent.messageId });
}
