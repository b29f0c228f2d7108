import { type Automation, automationEvent, type InboxComment } from '@svc/core';
import { anAutomation } from '@svc/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInstagramGateway } from '../src/index.js';
import { closeEngineWorlds, type EngineWorld, startEngineWorld } from './engine-world.js';
import { sandboxApp } from './platforms/sandbox-harness.js';

// The real comment replier, the real Instagram adapter and the simulator over HTTP, on a fake
// clock. Comments reach the inbox as the webhook intake would put them there.
afterEach(closeEngineWorlds);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type World = EngineWorld & { readonly mediaId: string; readonly automation: Automation };

async function liveAutomation(overrides: Partial<Automation> = {}): Promise<World> {
  const w = await startEngineWorld({
    platform: 'instagram',
    handle: 'replies_co',
    gateway: (h) => createInstagramGateway(sandboxApp(h, 'instagram')),
  });
  const postId = await w.schedule({
    caption: 'Comment "price"',
    media: [{ kind: 'link', url: `${w.h.baseUrl}/media/image.jpg` }],
  });
  const post = await w.publish(postId);
  expect(post.status, post.failedReason ?? '').toBe('posted');
  const mediaId = post.platformPostId ?? '';
  const automation = anAutomation(w.account.ownerId, w.account.id, { postId, mediaId, ...overrides });
  await w.store.automations.createAutomation(automation, [
    automationEvent('automation.created', automation, w.h.clock.now()),
  ]);
  return { ...w, mediaId, automation };
}

/** A visitor's comment on the simulator, put in the inbox as the webhook intake would. */
async function comment(w: World, text: string, options: { username?: string; parentId?: string } = {}) {
  const { commentId } = w.h.sandbox.control.instagram.addComment({ mediaId: w.mediaId, text, ...options });
  const seen = w.h.sandbox.control.instagram
    .comments(w.mediaId)
    .flatMap((c) => [c, ...c.replies])
    .find((c) => c.id === commentId);
  if (seen === undefined) throw new Error('comment not on the simulator');
  const inbox: InboxComment = {
    commentId,
    igUserId: seen.igUserId,
    mediaId: w.mediaId,
    parentId: seen.parentId,
    fromId: seen.from.id,
    fromUsername: seen.from.username,
    text,
    commentedAt: new Date(seen.timestamp),
    receivedAt: w.h.clock.now(),
  };
  await w.store.automations.recordComments([inbox]);
  return commentId;
}

const thread = (w: World, commentId: string) =>
  w.h.sandbox.control.instagram.comments(w.mediaId).find((c) => c.id === commentId);
const counts = async (w: World) => (await w.store.automations.getAutomation(w.automation.id))?.counts;

describe('comment replier on the Instagram simulator', () => {
  it('answers a comment once the intake recorded it, without waiting for its poll', async () => {
    const w = await liveAutomation();
    const replier = w.replier('replier', { intervalMs: 10 * MINUTE });
    replier.start();
    try {
      // Its first round has found the inbox empty.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const asked = await comment(w, 'price please', { username: 'wendy' });
      // What the intake does once the comment is recorded (receiveCommentWebhook).
      w.store.wakeups.notify('inbox');
      await vi.waitFor(
        () => expect(thread(w, asked)?.privateReply?.text).toBe(w.automation.template.message),
        {
          timeout: 10_000,
          interval: 10,
        },
      );
    } finally {
      await replier.stop();
    }
  });

  it('answers a keyword comment privately and publicly once, and only counts the rest', async () => {
    const w = await liveAutomation();
    const asked = await comment(w, 'What is the PRICE?', { username: 'alice' });
    const other = await comment(w, 'Nice!', { username: 'bob' });
    expect(await w.replier().drain()).toBe(2);
    expect(thread(w, asked)?.privateReply?.text).toBe(w.automation.template.message);
    expect(thread(w, asked)?.replies.map((r) => r.text)).toEqual([w.automation.template.publicReply]);
    expect(thread(w, other)).toMatchObject({ privateReply: null, replies: [] });
    expect(await counts(w)).toMatchObject({
      matched: 1,
      private_replies: 1,
      public_replies: 1,
      skipped_no_keyword: 1,
    });
    expect(await w.store.automations.getComment(asked)).toMatchObject({ stage: 'done', outcome: 'replied' });
    expect(await w.replier().drain()).toBe(0);
    expect(w.replies).toEqual([
      { reply: 'private', result: 'sent' },
      { reply: 'public', result: 'sent' },
    ]);
  });

  it('sends no public reply to a reply', async () => {
    const w = await liveAutomation();
    const top = await comment(w, 'hello', { username: 'carol' });
    const reply = await comment(w, 'price?', { username: 'dave', parentId: top });
    await w.replier().drain();
    const answered = thread(w, top)?.replies.find((r) => r.id === reply);
    expect(answered?.privateReply?.text).toBe(w.automation.template.message);
    expect(thread(w, top)?.replies.map((r) => r.id)).toEqual([reply]);
    expect(await counts(w)).toMatchObject({ matched: 1, private_replies: 1, public_replies: 0 });
  });

  it("waits out Meta's hourly private-reply limit instead of failing", async () => {
    const w = await liveAutomation();
    w.h.sandbox.control.setQuota('instagramPrivateReplies', 1);
    const both = [
      await comment(w, 'price', { username: 'erin' }),
      await comment(w, 'price', { username: 'frank' }),
    ];
    const answered = () => both.filter((id) => thread(w, id)?.privateReply != null);
    await w.replier().drain();
    expect(answered()).toHaveLength(1);
    const waiting = both.find((id) => !answered().includes(id)) ?? '';
    expect(await w.store.automations.getComment(waiting)).toMatchObject({
      stage: 'private_sending',
      attempts: 1,
    });
    for (let waited = 0; answered().length < 2 && waited < 2 * HOUR; waited += 10 * MINUTE) {
      w.h.clock.advance(10 * MINUTE);
      await w.replier().drain();
    }
    expect(thread(w, waiting)?.privateReply?.text).toBe(w.automation.template.message);
    expect(await counts(w)).toMatchObject({ matched: 2, private_replies: 2, public_replies: 2, failed: 0 });
  });

  it('refreshes a token about to lapse before replying', async () => {
    const w = await liveAutomation();
    w.h.clock.advance(25 * HOUR); // Instagram refreshes long-lived tokens from a day old
    const before = await w.storedCredentials();
    const account = await w.store.accounts.getAccount(w.account.id);
    if (account === null) throw new Error('no account');
    await w.store.accounts.saveAccount({
      ...account,
      tokenExpiresAt: new Date(w.h.clock.now().getTime() + HOUR),
    });
    const asked = await comment(w, 'price', { username: 'gina' });
    await w.replier().drain();
    expect(thread(w, asked)?.privateReply).not.toBeNull();
    expect((await w.storedCredentials()).accessToken).not.toBe(before.accessToken);
  });

  it('skips a comment past the 7-day window, and stops for a paused automation', async () => {
    const w = await liveAutomation();
    const old = await comment(w, 'price', { username: 'hal' });
    w.h.clock.advance(8 * DAY);
    await w.replier().drain();
    expect(await w.store.automations.getComment(old)).toMatchObject({
      stage: 'done',
      outcome: 'skipped_too_old',
    });
    expect(thread(w, old)?.privateReply).toBeNull();

    await w.store.automations.updateAutomation({ ...w.automation, state: 'paused' }, []);
    const late = await comment(w, 'price', { username: 'ivy' });
    await w.replier().drain();
    expect(await w.store.automations.getComment(late)).toMatchObject({
      stage: 'done',
      outcome: 'no_automation',
    });
    expect(await counts(w)).toMatchObject({ matched: 0, skipped_too_old: 1, private_replies: 0 });
  });

  it('marks the account and keeps the comment waiting when Meta no longer accepts the token', async () => {
    const w = await liveAutomation();
    const creds = await w.storedCredentials();
    w.h.sandbox.control.expireToken(String(creds.accessToken), 460);
    const asked = await comment(w, 'price', { username: 'jo' });
    await w.replier().drain();
    expect((await w.store.accounts.getAccount(w.account.id))?.needsReconnect).toBe(true);
    expect(await w.store.automations.getComment(asked)).toMatchObject({
      stage: 'private_sending',
      outcome: null,
    });
    expect(thread(w, asked)?.privateReply).toBeNull();
    // The observer hears the reply's final answer, the one that marked the account.
    expect(w.replies).toEqual([{ reply: 'private', result: 'needs_reconnect' }]);
  });
});
