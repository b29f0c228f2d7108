import type { CommentReplies } from '@svc/core';
import { describe, expect, it } from 'vitest';
import { createInstagramGateway } from '../../src/index.js';
import { runSteps } from './run-steps.js';
import { aJob, approveConsent, type SandboxAccount, sandboxApp, useSandbox } from './sandbox-harness.js';
import { connectThroughConsent, REDIRECT_URI } from './shared-scenarios.js';

const t = useSandbox((h) => createInstagramGateway(sandboxApp(h, 'instagram')));
const DAY = 86_400_000;
const PUBLISH_ONLY = 'instagram_business_basic,instagram_business_content_publish';

const replies = (): CommentReplies => {
  const commentReplies = t.gateway.commentReplies;
  if (commentReplies === undefined) throw new Error('the Instagram gateway answers no comments');
  return commentReplies;
};

/** An account with a published photo and a visitor's comment on it (`commentedAt` backdates it). */
async function commented(
  target: SandboxAccount = t.h.account('instagram', 'acme.studio'),
  commentedAt?: Date,
) {
  const { h, gateway } = t;
  const run = await runSteps(gateway, aJob(target, 'Comment "link" for the price', [h.image()]), h.clock);
  if (run.outcome.kind !== 'published') throw new Error(`not published: ${JSON.stringify(run.outcome)}`);
  const mediaId = run.outcome.platformPostId;
  const { commentId } = h.sandbox.control.instagram.addComment({
    mediaId,
    text: 'link please',
    username: 'jess.makes',
    ...(commentedAt === undefined ? {} : { commentedAt }),
  });
  return { target, mediaId, commentId };
}

describe('Instagram comment replies on the sandbox', () => {
  it('connects with the comment and message permissions and stores the grant; a narrower grant lacks them', async () => {
    const { exchange } = await connectThroughConsent(t, 'acme.studio');
    const credentials = exchange.kind === 'connected' ? exchange.profiles[0]?.credentials : undefined;
    expect(credentials?.permissions).toEqual(
      expect.arrayContaining(['instagram_business_manage_comments', 'instagram_business_manage_messages']),
    );
    expect(replies().missingPermissions(credentials ?? {})).toEqual([]);

    const narrow = createInstagramGateway({
      ...sandboxApp(t.h, 'instagram'),
      scopes: PUBLISH_ONLY.split(','),
    });
    const url = narrow.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI, codeVerifier: '' });
    const { code } = await approveConsent(url, 'acme.studio');
    const limited = await narrow.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier: '' });
    const limitedCredentials = limited.kind === 'connected' ? limited.profiles[0]?.credentials : undefined;
    expect(limitedCredentials?.permissions).toEqual(PUBLISH_ONLY.split(','));
    expect(replies().missingPermissions(limitedCredentials ?? {})).toEqual([
      'instagram_business_manage_comments',
      'instagram_business_manage_messages',
    ]);
  });

  it('subscribes the account to comment and message webhooks', async () => {
    const { h } = t;
    const target = h.account('instagram', 'acme.studio');
    expect(await replies().subscribe(target.credentials)).toEqual({ kind: 'subscribed' });
    expect(h.sandbox.control.instagram.subscribedFields(target.account.platformAccountId)).toEqual([
      'comments',
      'messages',
    ]);
    // Idempotent, as the port promises.
    expect(await replies().subscribe(target.credentials)).toEqual({ kind: 'subscribed' });
  });

  it('sends one private reply to the commenter; a second is already replied', async () => {
    const { h } = t;
    const { target, mediaId, commentId } = await commented();
    const sent = await replies().sendPrivateReply(target.credentials, {
      commentId,
      text: 'Here is the link',
    });
    expect(sent).toEqual({ kind: 'sent', replyId: expect.any(String) });
    expect(h.sandbox.control.instagram.comments(mediaId)[0]?.privateReply).toEqual({
      text: 'Here is the link',
      messageId: sent.kind === 'sent' ? sent.replyId : '',
      at: h.clock.now().toISOString(),
    });
    expect(await replies().sendPrivateReply(target.credentials, { commentId, text: 'Again' })).toEqual({
      kind: 'already_replied',
    });
  });

  it('answers window_closed for a comment older than 7 days', async () => {
    const old = new Date(t.h.clock.now().getTime() - 8 * DAY);
    const { target, commentId } = await commented(undefined, old);
    expect(await replies().sendPrivateReply(target.credentials, { commentId, text: 'Late' })).toEqual({
      kind: 'window_closed',
    });
  });

  it('waits 10 minutes when the private-reply rate limit is reached', async () => {
    const { h } = t;
    h.sandbox.control.setQuota('instagramPrivateReplies', 1);
    const { target, mediaId, commentId } = await commented();
    const second = h.sandbox.control.instagram.addComment({ mediaId, text: 'me too', username: 'ann' });
    expect(await replies().sendPrivateReply(target.credentials, { commentId, text: 'One' })).toMatchObject({
      kind: 'sent',
    });
    expect(
      await replies().sendPrivateReply(target.credentials, { commentId: second.commentId, text: 'Two' }),
    ).toEqual({ kind: 'retry', afterMs: 600_000, reason: expect.stringContaining('(613)') });
  });

  it('posts a public reply and finds it again; none before it is sent', async () => {
    const { h } = t;
    const { target, mediaId, commentId } = await commented();
    expect(await replies().findPublicReply(target.credentials, commentId)).toEqual({ kind: 'none' });
    const sent = await replies().sendPublicReply(target.credentials, { commentId, text: 'Sent you a DM!' });
    expect(sent).toEqual({ kind: 'sent', replyId: expect.any(String) });
    const [thread] = h.sandbox.control.instagram.comments(mediaId);
    expect(thread?.replies).toEqual([
      expect.objectContaining({
        id: sent.kind === 'sent' ? sent.replyId : '',
        text: 'Sent you a DM!',
        // Meta names the author by an Instagram-scoped id, not the account's user id: the reply
        // is found again by the account's handle.
        from: {
          id: expect.not.stringMatching(`^${target.account.platformAccountId}$`),
          username: 'acme.studio',
        },
      }),
    ]);
    expect(await replies().findPublicReply(target.credentials, commentId)).toEqual({
      kind: 'found',
      replyId: sent.kind === 'sent' ? sent.replyId : '',
    });
  });

  it("does not take a visitor's reply for the account's own", async () => {
    const { h } = t;
    const { target, mediaId, commentId } = await commented();
    h.sandbox.control.instagram.addComment({
      mediaId,
      text: 'same here',
      username: 'ann',
      parentId: commentId,
    });
    expect(await replies().findPublicReply(target.credentials, commentId)).toEqual({ kind: 'none' });
  });

  it('finds a reply whose answer was lost instead of replying twice', async () => {
    const { h } = t;
    const { target, mediaId, commentId } = await commented();
    let lost = false;
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'instagram.reply_comment' && phase === 'after' && !lost) {
        lost = true;
        throw new Error('connection lost after the call applied');
      }
    });
    const first = await replies().sendPublicReply(target.credentials, { commentId, text: 'Check your DMs' });
    expect(lost).toBe(true);
    expect(first).toMatchObject({ kind: 'retry' });
    const found = await replies().findPublicReply(target.credentials, commentId);
    const [thread] = h.sandbox.control.instagram.comments(mediaId);
    expect(found).toEqual({ kind: 'found', replyId: thread?.replies[0]?.id });
    expect(thread?.replies).toHaveLength(1);
  });

  it('refuses a reply to a reply and to an unknown comment, in words, and finds none under them', async () => {
    const { h } = t;
    const { target, mediaId, commentId } = await commented();
    const nested = h.sandbox.control.instagram.addComment({
      mediaId,
      text: 'same here',
      username: 'ann',
      parentId: commentId,
    });
    expect(
      await replies().sendPublicReply(target.credentials, { commentId: nested.commentId, text: 'Hi' }),
    ).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(
        /^Instagram refused the public reply \(100\)\. Meta said: ".*top-level comments/,
      ),
    });
    expect(
      await replies().sendPublicReply(target.credentials, { commentId: '17999999999999999', text: 'Hi' }),
    ).toEqual({
      kind: 'refused',
      reason: expect.stringContaining(
        'Instagram refused the public reply (100/33): the comment was deleted, or the account cannot see it.',
      ),
    });
    expect(await replies().findPublicReply(target.credentials, '17999999999999999')).toEqual({
      kind: 'none',
    });
  });

  it('asks for a reconnect when the token lacks the comment or message permission', async () => {
    const { h } = t;
    const { mediaId, commentId } = await commented();
    const withoutMessages = h.account('instagram', 'acme.studio', {
      scopes: `${PUBLISH_ONLY},instagram_business_manage_comments`,
    });
    const withoutComments = h.account('instagram', 'acme.studio', {
      scopes: `${PUBLISH_ONLY},instagram_business_manage_messages`,
    });
    const reconnect = {
      kind: 'needs_reconnect',
      reason: expect.stringContaining('reconnect Instagram and allow comments and messages'),
    };
    expect(await replies().sendPrivateReply(withoutMessages.credentials, { commentId, text: 'Hi' })).toEqual(
      reconnect,
    );
    expect(await replies().sendPublicReply(withoutComments.credentials, { commentId, text: 'Hi' })).toEqual(
      reconnect,
    );
    expect(await replies().findPublicReply(withoutComments.credentials, commentId)).toEqual(reconnect);
    expect(h.sandbox.control.instagram.comments(mediaId)[0]?.replies).toEqual([]);
  });

  it('asks for a refresh when the token expired, and a reconnect when the password changed', async () => {
    const { h } = t;
    const { target, commentId } = await commented();
    h.sandbox.control.expireToken(String(target.credentials.accessToken));
    expect(await replies().sendPublicReply(target.credentials, { commentId, text: 'Hi' })).toEqual({
      kind: 'token_expired',
    });
    expect(await replies().subscribe(target.credentials)).toEqual({ kind: 'token_expired' });
    const fresh = h.account('instagram', 'acme.studio');
    h.sandbox.control.invalidateTokensOf('instagram', fresh.account.platformAccountId, 460);
    expect(await replies().sendPrivateReply(fresh.credentials, { commentId, text: 'Hi' })).toEqual({
      kind: 'needs_reconnect',
      reason: expect.stringContaining('password'),
    });
  });

  it('gives a fault back as a retry, never a rejection', async () => {
    const { h } = t;
    const { target, commentId } = await commented();
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'instagram.private_reply' && phase === 'before') throw new Error('down');
    });
    expect(await replies().sendPrivateReply(target.credentials, { commentId, text: 'Hi' })).toMatchObject({
      kind: 'retry',
      afterMs: 30_000,
    });
  });
});
