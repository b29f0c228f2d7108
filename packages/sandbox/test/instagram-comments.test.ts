import { describe, expect, it } from 'vitest';
import { visitorIdFor } from '../src/instagram/instagram-comments.js';
import { graphOf, instagramAccount } from './instagram-helpers.js';
import { connect, useSandbox } from './sandbox-harness.js';

// Meta names a comment's author by an Instagram-scoped id, never the account's user id.
const ownerScopedId = visitorIdFor('bea_shop');

const h = useSandbox();
const DAY = 24 * 60 * 60_000;
const control = () => h.sandbox.control.instagram;
const WITHOUT_MESSAGES = 'instagram_business_basic,instagram_business_manage_comments';
const WITHOUT_COMMENTS = 'instagram_business_basic,instagram_business_manage_messages';

/** An account with a published photo and a visitor's comment on it. */
async function commented(handle = 'bea_shop', scopes?: string) {
  const ig = instagramAccount(h, handle, scopes);
  const mediaId = await ig.publish();
  const { commentId } = control().addComment({ mediaId, text: 'How much?', username: 'ann' });
  return { ig, mediaId, commentId };
}

const errorOf = (answer: { body: any }) => answer.body.error;

describe('subscribed_apps', () => {
  it('subscribes by id (query) or /me (form), reads back, and refuses other accounts and unknown fields', async () => {
    const ig = instagramAccount(h);
    const graph = graphOf(h);
    expect((await h.get(`${graph}/me/subscribed_apps`, { access_token: ig.token })).body).toEqual({
      data: [],
    });
    expect((await ig.subscribe('comments')).body).toEqual({ success: true });
    const viaMe = await h.post(`${graph}/me/subscribed_apps`, {
      subscribed_fields: 'comments,messages',
      access_token: ig.token,
    });
    expect(viaMe.body).toEqual({ success: true });
    const read = await h.get(`${graph}/${ig.userId}/subscribed_apps`, { access_token: ig.token });
    expect(read.body).toEqual({ data: [{ subscribed_fields: ['comments', 'messages'] }] });
    expect(control().subscribedFields(ig.userId)).toEqual(['comments', 'messages']);
    const other = instagramAccount(h, 'someone_else');
    const foreign = await h.post(`${graph}/${other.userId}/subscribed_apps?subscribed_fields=comments`, {
      access_token: ig.token,
    });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign)).toMatchObject({ code: 10, type: 'OAuthException' });
    const unknown = await ig.subscribe('comments,gossip');
    expect(errorOf(unknown)).toMatchObject({ code: 100 });
    expect(errorOf(unknown).message).toContain('gossip');
  });
});

describe('private replies', () => {
  it('sends one private reply per comment to the commenter', async () => {
    const { ig, mediaId, commentId } = await commented();
    const commenter = control().comments(mediaId)[0]?.from.id;
    const sent = await ig.privateReply(commentId, 'Here is the link');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ recipient_id: commenter, message_id: expect.any(String) });
    expect(control().comments(mediaId)[0]?.privateReply).toEqual({
      text: 'Here is the link',
      messageId: sent.body.message_id,
      at: h.clock.now().toISOString(),
    });
    const again = await ig.privateReply(commentId, 'And again', 'me');
    expect(again.status).toBe(400);
    expect(errorOf(again)).toMatchObject({
      code: 10900,
      type: 'OAuthException',
      message: '(#10900) Activity already replied to',
      fbtrace_id: expect.any(String),
    });
  });

  it('refuses a token without instagram_business_manage_messages with code 10', async () => {
    const { ig, commentId } = await commented('bea_shop', WITHOUT_MESSAGES);
    const refused = await ig.privateReply(commentId, 'hi');
    expect(errorOf(refused)).toMatchObject({ code: 10, type: 'OAuthException' });
  });

  it('refuses unknown comments, comments on other accounts and another account id with the right codes', async () => {
    const { ig } = await commented();
    const other = await commented('other_shop');
    expect(errorOf(await ig.privateReply('17800000000000000', 'hi'))).toMatchObject({ code: 100 });
    const foreign = await ig.privateReply(other.commentId, 'hi');
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign)).toMatchObject({ code: 100 });
    const wrongOwner = await ig.privateReply(other.commentId, 'hi', other.ig.userId);
    expect(wrongOwner.status).toBe(403);
    expect(errorOf(wrongOwner)).toMatchObject({ code: 10 });
  });

  it('refuses empty text and text over 1000 characters with code 100', async () => {
    const { ig, commentId } = await commented();
    expect(errorOf(await ig.privateReply(commentId, ' '))).toMatchObject({ code: 100 });
    expect(errorOf(await ig.privateReply(commentId, 'x'.repeat(1001)))).toMatchObject({ code: 100 });
    expect((await ig.privateReply(commentId, 'x'.repeat(1000))).status).toBe(200);
  });

  it('allows 7 days after the comment by the sandbox clock, then code 10 subcode 2018278', async () => {
    const { ig, mediaId, commentId } = await commented();
    const late = control().addComment({
      mediaId,
      text: 'old',
      commentedAt: new Date(h.clock.now().getTime() - 8 * DAY),
    });
    h.clock.advance(7 * DAY - 60_000);
    expect((await ig.privateReply(commentId, 'just in time')).status).toBe(200);
    const tooLate = await ig.privateReply(late.commentId, 'too late');
    expect(tooLate.status).toBe(400);
    expect(errorOf(tooLate)).toMatchObject({
      code: 10,
      error_subcode: 2018278,
      message: '(#10) This message is sent outside of allowed window.',
    });
  });

  it('allows the configured number per account per rolling hour, then code 613', async () => {
    const { ig, mediaId } = await commented();
    h.sandbox.control.setQuota('instagramPrivateReplies', 2);
    const ids = ['a', 'b', 'c'].map((text) => control().addComment({ mediaId, text }).commentId);
    expect((await ig.privateReply(ids[0] ?? '', 'one')).status).toBe(200);
    expect((await ig.privateReply(ids[1] ?? '', 'two')).status).toBe(200);
    const limited = await ig.privateReply(ids[2] ?? '', 'three');
    expect(errorOf(limited)).toMatchObject({
      code: 613,
      message: '(#613) Calls to this api have exceeded the rate limit.',
    });
    // Another account has its own budget.
    const other = await commented('other_shop');
    expect((await other.ig.privateReply(other.commentId, 'fine')).status).toBe(200);
    h.clock.advance(60 * 60_000);
    expect((await ig.privateReply(ids[2] ?? '', 'three')).status).toBe(200);
  });
});

describe('public replies and comment reads', () => {
  it('replies as the owner and lists the reply with the fields asked for', async () => {
    const { ig, mediaId, commentId } = await commented();
    const reply = await ig.reply(commentId, 'Sent you a DM');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const graph = graphOf(h);
    const replies = await h.get(`${graph}/${commentId}/replies`, {
      fields: 'id,text,timestamp,from,username',
      access_token: ig.token,
    });
    expect(replies.body.data).toEqual([
      {
        id: reply.body.id,
        text: 'Sent you a DM',
        timestamp: '2025-06-01T12:00:00+0000',
        from: { id: ownerScopedId, username: 'bea_shop' },
        username: 'bea_shop',
      },
    ]);
    const narrow = await h.get(`${graph}/${commentId}/replies`, { fields: 'text', access_token: ig.token });
    expect(narrow.body.data).toEqual([{ id: reply.body.id, text: 'Sent you a DM' }]);
    const comments = await h.get(`${graph}/${mediaId}/comments`, {
      fields: 'id,text,username',
      access_token: ig.token,
    });
    expect(comments.body.data).toEqual([{ id: commentId, text: 'How much?', username: 'ann' }]);
    const node = await h.get(`${graph}/${reply.body.id}`, {
      fields: 'text,parent_id',
      access_token: ig.token,
    });
    expect(node.body).toEqual({ id: reply.body.id, text: 'Sent you a DM', parent_id: commentId });
  });

  it('refuses replies to replies, unknown comments, bad lengths and tokens without the comments scope', async () => {
    const { ig, commentId } = await commented();
    const reply = await ig.reply(commentId, 'ok');
    const nested = await ig.reply(reply.body.id, 'deeper');
    expect(nested.status).toBe(400);
    expect(errorOf(nested)).toMatchObject({ code: 100 });
    expect(errorOf(await ig.reply('17800000000000000', 'hi'))).toMatchObject({ code: 100 });
    expect(errorOf(await ig.reply(commentId, ''))).toMatchObject({ code: 100 });
    expect(errorOf(await ig.reply(commentId, 'x'.repeat(2201)))).toMatchObject({ code: 100 });
    const other = await commented('other_shop');
    expect(errorOf(await ig.reply(other.commentId, 'not mine'))).toMatchObject({ code: 100 });
    const limited = await commented('third_shop', WITHOUT_COMMENTS);
    const refused = await limited.ig.reply(limited.commentId, 'hi');
    expect(errorOf(refused)).toMatchObject({ code: 10, type: 'OAuthException' });
    expect(control().comments(limited.mediaId)[0]?.replies).toEqual([]);
  });

  it('consent grants the comments and messages scopes it is asked for', async () => {
    const granted =
      'instagram_business_basic,instagram_business_content_publish,' +
      'instagram_business_manage_comments,instagram_business_manage_messages';
    const { token } = await connect(h, 'instagram', 'bea_shop', granted);
    const { commentId } = await commented();
    const graph = graphOf(h);
    expect(
      (await h.post(`${graph}/${commentId}/replies`, { message: 'hi', access_token: token })).status,
    ).toBe(200);
    const narrow = await connect(h, 'instagram', 'bea_shop', 'instagram_business_basic');
    const refused = await h.post(`${graph}/${commentId}/replies`, {
      message: 'hi',
      access_token: narrow.token,
    });
    expect(errorOf(refused)).toMatchObject({ code: 10 });
  });
});
