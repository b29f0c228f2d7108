import { createHmac } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '../src/index.js';
import { visitorIdFor } from '../src/instagram/instagram-comments.js';
import { instagramAccount, startWebhookReceiver } from './instagram-helpers.js';
import { send, useSandbox } from './sandbox-harness.js';

// Meta names a comment's author by an Instagram-scoped id, never the account's user id.
const ownerScopedId = visitorIdFor('bea_shop');

const VERIFY_TOKEN = 'verify-me';
const receiver = await startWebhookReceiver(VERIFY_TOKEN);
const h = useSandbox({
  webhooks: { instagram: { callbackUrl: receiver.url, verifyToken: VERIFY_TOKEN } },
  webhookRetryDelaysMs: [20, 40],
});
// Deliveries still in flight would land in the next test.
afterEach(async () => {
  await h.sandbox.control.instagram.webhooksIdle();
  receiver.clear();
});
afterAll(() => receiver.close());

const control = () => h.sandbox.control.instagram;
const hmac = (algorithm: 'sha256' | 'sha1', raw: Buffer) =>
  `${algorithm}=${createHmac(algorithm, SANDBOX_APPS.instagram.clientSecret).update(raw).digest('hex')}`;

/** A subscribed account with one published photo. */
async function subscribedPost(handle = 'bea_shop') {
  const ig = instagramAccount(h, handle);
  expect((await ig.subscribe()).body).toEqual({ success: true });
  return { ig, mediaId: await ig.publish() };
}

describe('verification handshake', () => {
  it('configuring through the control verifies at once: the right token echoes, others are refused', async () => {
    expect(
      await control().configureWebhook({ callbackUrl: receiver.url, verifyToken: VERIFY_TOKEN }),
    ).toEqual({ verified: true, status: 200 });
    const [handshake] = receiver.received;
    expect(handshake?.method).toBe('GET');
    expect(handshake?.url.searchParams.get('hub.mode')).toBe('subscribe');
    expect(handshake?.url.searchParams.get('hub.verify_token')).toBe(VERIFY_TOKEN);
    expect(handshake?.url.searchParams.get('hub.challenge')).toMatch(/^\d+$/);
    const wrong = await control().configureWebhook({ callbackUrl: receiver.url, verifyToken: 'nope' });
    expect(wrong).toEqual({ verified: false, status: 403 });
    expect(
      control()
        .webhookAttempts()
        .map((a) => [a.kind, a.status]),
    ).toEqual([
      ['verification', 200],
      ['verification', 403],
    ]);
  });

  it('a callback that answers 200 without the exact challenge is not verified and gets nothing', async () => {
    receiver.wrongChallenge = true;
    const answer = await control().configureWebhook({ callbackUrl: receiver.url, verifyToken: VERIFY_TOKEN });
    expect(answer).toEqual({ verified: false, status: 200 });
    const { mediaId } = await subscribedPost();
    control().addComment({ mediaId, text: 'hello' });
    await control().webhooksIdle();
    expect(receiver.events()).toEqual([]);
    expect(
      control()
        .webhookAttempts()
        .every((a) => a.kind === 'verification' && a.error !== null),
    ).toBe(true);
  });

  it('the webhook given to createSandbox is verified before its first delivery, once', async () => {
    const { mediaId } = await subscribedPost();
    control().addComment({ mediaId, text: 'first' });
    control().addComment({ mediaId, text: 'second' });
    await control().webhooksIdle();
    expect(receiver.received.map((r) => r.method)).toEqual(['GET', 'POST', 'POST']);
  });
});

describe('comment deliveries', () => {
  it('POSTs the comment as Meta does, signed over the exact raw bytes', async () => {
    const { ig, mediaId } = await subscribedPost();
    const text = 'Prix? é/ñ 😀 "quoted"';
    const { commentId } = control().addComment({ mediaId, text, username: 'zoe.visits' });
    await control().webhooksIdle();
    const [event] = receiver.events();
    if (event === undefined) throw new Error('no event delivered');
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers['x-hub-signature-256']).toBe(hmac('sha256', event.raw));
    expect(event.headers['x-hub-signature']).toBe(hmac('sha1', event.raw));
    const raw = event.raw.toString('utf8');
    // Escaped as Meta escapes: a receiver re-serialising the JSON would compute another signature.
    expect(raw).toContain('\\u00e9\\/\\u00f1 \\ud83d\\ude00');
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw)));
    expect(hmac('sha256', reserialised)).not.toBe(event.headers['x-hub-signature-256']);
    const fromId = control().comments(mediaId)[0]?.from.id;
    expect(fromId).toMatch(/^\d{16}$/);
    expect(JSON.parse(raw)).toEqual({
      object: 'instagram',
      entry: [
        {
          id: ig.userId,
          time: Math.floor(h.clock.now().getTime() / 1000),
          changes: [
            {
              field: 'comments',
              value: {
                id: commentId,
                text,
                from: { id: fromId, username: 'zoe.visits' },
                media: { id: mediaId, media_product_type: 'FEED' },
              },
            },
          ],
        },
      ],
    });
    // The same username always gets the same id.
    control().addComment({ mediaId, text: 'again', username: 'Zoe.Visits' });
    expect(control().comments(mediaId)[1]?.from.id).toBe(fromId);
  });

  it('delivers nothing for an account not subscribed to comments', async () => {
    const ig = instagramAccount(h);
    const mediaId = await ig.publish();
    control().addComment({ mediaId, text: 'unheard' });
    await ig.subscribe('messages');
    control().addComment({ mediaId, text: 'still unheard' });
    await control().webhooksIdle();
    expect(receiver.received).toEqual([]);
  });

  it('retries a non-200 answer with backoff until a 200, then stops', async () => {
    const { mediaId } = await subscribedPost();
    receiver.failures = 2;
    const { commentId } = control().addComment({ mediaId, text: 'retry me' });
    await control().webhooksIdle();
    const events = control()
      .webhookAttempts()
      .filter((a) => a.kind === 'event');
    expect(events.map((a) => [a.attempt, a.status, a.commentId])).toEqual([
      [1, 500, commentId],
      [2, 500, commentId],
      [3, 200, commentId],
    ]);
    expect(new Set(receiver.events().map((e) => e.raw.toString()))).toHaveProperty('size', 1);
    receiver.failures = 10;
    control().addComment({ mediaId, text: 'given up' });
    await control().webhooksIdle();
    // One try and the two configured retries.
    expect(receiver.events()).toHaveLength(6);
  });

  it('retries after a network error', async () => {
    const { mediaId } = await subscribedPost();
    receiver.drops = 1;
    control().addComment({ mediaId, text: 'dropped once' });
    await control().webhooksIdle();
    const events = control()
      .webhookAttempts()
      .filter((a) => a.kind === 'event');
    expect(events.map((a) => [a.attempt, a.status])).toEqual([
      [1, null],
      [2, 200],
    ]);
    expect(events[0]?.error).toEqual(expect.any(String));
  });

  it('can send a delivery twice, as Meta sometimes does', async () => {
    const { mediaId } = await subscribedPost();
    control().addComment({ mediaId, text: 'twice', duplicateDelivery: true });
    await control().webhooksIdle();
    const [first, second] = receiver.events();
    expect(receiver.events()).toHaveLength(2);
    expect(second?.raw.equals(first?.raw ?? Buffer.alloc(0))).toBe(true);
    expect(
      control()
        .webhookAttempts()
        .filter((a) => a.kind === 'event')
        .map((a) => a.duplicate),
    ).toEqual([false, true]);
  });

  it('delivers public replies (from the account itself) and reels, without holding up the API call', async () => {
    const { ig } = await subscribedPost();
    const reel = await ig.publish('REELS');
    const { commentId } = control().addComment({ mediaId: reel, text: 'link please' });
    await control().webhooksIdle();
    receiver.clear();
    receiver.delayMs = 500;
    const started = Date.now();
    const reply = await ig.reply(commentId, 'Sent you a DM!');
    expect(reply.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(450);
    expect(
      control()
        .webhookAttempts()
        .filter((a) => a.kind === 'event'),
    ).toHaveLength(1);
    await control().webhooksIdle();
    const value = JSON.parse(receiver.events()[0]?.raw.toString() ?? '{}').entry[0];
    expect(value.id).toBe(ig.userId);
    expect(value.changes[0].value).toMatchObject({
      id: reply.body.id,
      parent_id: commentId,
      from: { id: ownerScopedId, username: 'bea_shop' },
      media: { id: reel, media_product_type: 'REELS' },
    });
  });
});

describe('HTTP control and the post page', () => {
  it('configures the webhook, adds comments and lists them with replies and private replies', async () => {
    const control = `${h.baseUrl}/sandbox/control/instagram`;
    const json = (url: string, body: unknown) =>
      send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await json(`${control}/webhook`, { callbackUrl: receiver.url, verifyToken: 'x' })).body).toEqual({
      verified: false,
      status: 403,
    });
    const configured = await json(`${control}/webhook`, {
      callbackUrl: receiver.url,
      verifyToken: VERIFY_TOKEN,
    });
    expect(configured.body).toEqual({ verified: true, status: 200 });
    const { ig, mediaId } = await subscribedPost();
    const added = await json(`${control}/comments`, {
      mediaId,
      text: 'price?',
      username: 'ann',
      commentedAt: '2025-05-31T12:00:00Z',
      duplicateDelivery: true,
    });
    expect(added.body.commentId).toMatch(/^178\d{14}$/);
    const reply = await ig.reply(added.body.commentId, 'Check your DMs');
    const dm = await ig.privateReply(added.body.commentId, 'Here is the link');
    await json(`${control}/webhook/idle`, {});
    expect(receiver.events()).toHaveLength(3);
    const listed = await h.get(`${control}/comments`, { mediaId });
    expect(listed.body.comments).toEqual([
      {
        id: added.body.commentId,
        mediaId,
        igUserId: ig.userId,
        from: { id: expect.stringMatching(/^\d{16}$/), username: 'ann' },
        text: 'price?',
        parentId: null,
        timestamp: '2025-05-31T12:00:00.000Z',
        privateReply: {
          text: 'Here is the link',
          messageId: dm.body.message_id,
          at: '2025-06-01T12:00:00.000Z',
        },
        replies: [
          expect.objectContaining({
            id: reply.body.id,
            from: { id: ownerScopedId, username: 'bea_shop' },
            parentId: added.body.commentId,
            privateReply: null,
          }),
        ],
      },
    ]);
    // The permalink the service shows for the post names the media as well as its id.
    const permalink = (
      await h.get(`${h.hosts.instagram.graph}/v23.0/${mediaId}`, {
        fields: 'permalink',
        access_token: ig.token,
      })
    ).body.permalink as string;
    const byLink = await json(`${control}/comments`, { permalink, text: 'by link', username: 'cy' });
    expect(byLink.status).toBe(200);
    const threads = (await h.get(`${control}/comments`, { permalink })).body.comments;
    expect(threads.map((c: { text: string }) => c.text)).toEqual(['price?', 'by link']);
    const badLink = await json(`${control}/comments`, { permalink: `${permalink}x`, text: 'hi' });
    expect([badLink.status, badLink.body.error.message]).toEqual([
      404,
      `No Instagram post has the permalink ${permalink}x`,
    ]);
    const unknown = await json(`${control}/comments`, { mediaId: '999', text: 'hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('999');
    expect((await h.get(`${control}/comments`)).status).toBe(400);
  });

  it('the post page shows the comments and takes a visitor comment, escaped, with its webhook', async () => {
    const { mediaId } = await subscribedPost();
    const permalink = (
      await h.get(`${h.hosts.instagram.graph}/v23.0/${mediaId}`, {
        fields: 'permalink',
        access_token: instagramAccount(h).token,
      })
    ).body.permalink as string;
    const empty = await h.get(permalink);
    expect(empty.text).toContain('Comment as a visitor');
    const action = /<form method="post" action="([^"]+)">/.exec(empty.text)?.[1] ?? '';
    expect(action).toBe(`${new URL(permalink).pathname}comments`);
    const posted = await h.post(`${h.baseUrl}${action}`, {
      username: 'eve',
      text: '<script>x</script> & more',
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(`${new URL(permalink).pathname}#comments`);
    const page = await h.get(permalink);
    expect(page.text).toContain('<strong>@eve</strong> &#60;script&#62;x&#60;/script&#62; &#38; more');
    expect(page.text).not.toContain('<script>x');
    await control().webhooksIdle();
    expect(JSON.parse(receiver.events()[0]?.raw.toString() ?? '{}').entry[0].changes[0].value.text).toBe(
      '<script>x</script> & more',
    );
    const refused = await h.post(`${h.baseUrl}${action}`, { username: 'eve', text: '  ' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(control().comments(mediaId)).toHaveLength(1);
  });
});
