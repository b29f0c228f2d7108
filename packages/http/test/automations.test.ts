import { createHmac } from 'node:crypto';
import type { ConnectedAccount, Post, User } from '@svc/core';
import { aPost, createRecordingPlatformGateway, TEST_AUTOMATION_PERMISSIONS } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

const APP_SECRET = 'instagram-app-secret';
const VERIFY_TOKEN = 'verify-token-of-the-dashboard';
const TEMPLATE = {
  svcTemplate: 1,
  name: 'Price',
  trigger: 'keyword',
  keyword: 'price',
  message: 'In your DMs!',
};

describe('automations over REST', () => {
  let app: TestApp;
  let user: User;
  let key: string;
  let instagram: ConnectedAccount;
  let published: Post;
  beforeEach(async () => {
    app = await startTestApp({
      platforms: { instagram: createRecordingPlatformGateway('instagram') },
      instagramWebhook: { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    });
    ({ user, key } = await app.userWithKey());
    instagram = await app.account(user, {
      sealedCredentials: app.core.secretBox.seal(
        JSON.stringify({ accessToken: 'i', permissions: [...TEST_AUTOMATION_PERMISSIONS] }),
      ),
    });
    published = aPost(user.id, instagram.id, { status: 'posted', dueAt: null, platformPostId: 'ig-media-1' });
    await app.store.posts.insertPosts({
      ownerId: user.id,
      at: app.clock.now(),
      posts: [published],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
  });
  afterEach(() => app.close());

  const importTemplate = async (json: unknown, as = key) => {
    const res = await app.fetch('/api/v1/automations/import', { method: 'POST', key: as, json });
    return { status: res.status, body: await readJson(res) };
  };

  it('checks, creates, lists, exports, pauses, resumes and deletes', async () => {
    const checked = await importTemplate({ template: TEMPLATE });
    expect(checked).toEqual({
      status: 200,
      body: { saved: false, valid: true, template: TEMPLATE, problems: [] },
    });
    const live = await importTemplate({ template: TEMPLATE, profileId: instagram.id, postId: published.id });
    expect(live.status).toBe(201);
    expect(live.body.automation).toMatchObject({
      state: 'live',
      postId: published.id,
      counts: { matched: 0 },
    });
    const id = live.body.automation.id as string;

    const listed = await readJson(await app.fetch('/api/v1/automations', { key }));
    expect(listed).toMatchObject({
      count: 1,
      automations: [{ id, state: 'live', createdAt: expect.any(String) }],
    });
    expect(await readJson(await app.fetch(`/api/v1/automations/${id}/export`, { key }))).toEqual(TEMPLATE);
    const paused = await app.fetch(`/api/v1/automations/${id}/pause`, { method: 'POST', key });
    expect((await readJson(paused)).state).toBe('paused');
    const resumed = await app.fetch(`/api/v1/automations/${id}/resume`, { method: 'POST', key });
    expect((await readJson(resumed)).state).toBe('live');
    const deleted = await app.fetch(`/api/v1/automations/${id}`, { method: 'DELETE', key });
    expect(await readJson(deleted)).toEqual({ id, deleted: true });
    const gone = await app.fetch(`/api/v1/automations/${id}/export`, { key });
    expect(gone.status).toBe(404);
    expect(await readJson(gone)).toMatchObject({ code: 'automation_not_found', error: expect.any(String) });
  });

  it('answers refusals as {error, code} with their statuses and scopes', async () => {
    const invalid = await importTemplate({ template: { ...TEMPLATE, mesage: 'x' }, profileId: instagram.id });
    expect(invalid).toMatchObject({ status: 400, body: { code: 'invalid_template' } });
    const draft = await importTemplate({ template: TEMPLATE, profileId: instagram.id });
    const exportDraft = await app.fetch(`/api/v1/automations/${draft.body.automation.id}/export`, { key });
    expect([exportDraft.status, (await readJson(exportDraft)).code]).toEqual([409, 'automation_is_draft']);
    const pauseDraft = await app.fetch(`/api/v1/automations/${draft.body.automation.id}/pause`, {
      method: 'POST',
      key,
    });
    expect([pauseDraft.status, (await readJson(pauseDraft)).code]).toEqual([409, 'invalid_automation_state']);
    const reader = await app.keyFor(user, ['automation:read']);
    expect(await importTemplate({ template: TEMPLATE }, reader)).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    const writer = await app.keyFor(user, ['automation:write']);
    const list = await app.fetch('/api/v1/automations', { key: writer });
    expect([list.status, (await readJson(list)).code]).toEqual([403, 'insufficient_scope']);
  });
});

describe('the Instagram webhook intake', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp({ instagramWebhook: { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } });
  });
  afterEach(() => app.close());

  const delivery = (commentId: string, from = 'visitor-1') =>
    JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: 'ig-user-1',
          time: 1_758_700_000,
          changes: [
            {
              field: 'comments',
              value: {
                id: commentId,
                text: 'price?',
                from: { id: from, username: 'v' },
                media: { id: 'm1' },
              },
            },
          ],
        },
      ],
    });
  const sign = (body: string | Buffer, secret = APP_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const post = (body: string | Buffer, signature: string | null) =>
    fetch(`${app.url}/webhooks/instagram`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(signature === null ? {} : { 'X-Hub-Signature-256': signature }),
      },
      body,
    });

  it('answers the handshake with the challenge for the right verify token only', async () => {
    const ok = await fetch(
      `${app.url}/webhooks/instagram?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    );
    expect([ok.status, await ok.text()]).toEqual([200, '1158201444']);
    for (const query of [
      `hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong`,
      `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${VERIFY_TOKEN}`,
      'hub.challenge=1',
    ]) {
      const refused = await fetch(`${app.url}/webhooks/instagram?${query}`);
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toMatchObject({ code: 'invalid_verify_token' });
    }
  });

  it('records each signed comment once, skips own comments, and answers 200', async () => {
    // The repliers are woken once a comment is recorded, not for a redelivery of one already there.
    const woken: (Date | null)[] = [];
    app.store.wakeups.subscribe('inbox', (at) => woken.push(at));
    const body = delivery('c-1');
    const first = await post(body, sign(body));
    expect([first.status, await readJson(first)]).toEqual([
      200,
      { received: 1, added: 1, ownComments: 0, ignored: 0 },
    ]);
    expect(woken).toEqual([null]);
    const again = await post(body, sign(body));
    expect(await readJson(again)).toMatchObject({ received: 1, added: 0 });
    expect(woken).toEqual([null]);
    const own = delivery('c-own', 'ig-user-1');
    expect(await readJson(await post(own, sign(own)))).toMatchObject({ received: 0, ownComments: 1 });
    expect(await app.store.automations.getComment('c-1')).toMatchObject({
      stage: 'new',
      igUserId: 'ig-user-1',
    });
    expect(await app.store.automations.getComment('c-own')).toBeNull();
  });

  it('refuses forged signatures, non-JSON and oversized bodies without touching the inbox', async () => {
    const body = delivery('c-forged');
    for (const signature of [null, sign(body, 'another-secret'), 'sha256=zz', sign(`${body} `)]) {
      const refused = await post(body, signature);
      expect(refused.status).toBe(401);
      expect(await readJson(refused)).toMatchObject({ code: 'invalid_signature' });
    }
    const text = 'not json at all';
    const notJson = await post(text, sign(text));
    expect([notJson.status, (await readJson(notJson)).code]).toEqual([400, 'invalid_json']);
    const huge = Buffer.alloc(1024 * 1024, 'a');
    const tooLarge = await post(huge, sign(huge));
    expect([tooLarge.status, (await readJson(tooLarge)).code]).toEqual([413, 'payload_too_large']);
    expect(await app.store.automations.getComment('c-forged')).toBeNull();
    expect(
      await app.store.automations.claimComments({
        now: new Date('2100-01-01'),
        leaseOwner: 't',
        leaseUntil: new Date('2100-01-02'),
        limit: 10,
      }),
    ).toEqual([]);
  });
});
