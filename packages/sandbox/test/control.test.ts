import { describe, expect, it } from 'vitest';
import { mintSandboxAccount, type SandboxCall } from '../src/index.js';
import { connect, connectPage, SECRET, useSandbox } from './sandbox-harness.js';

const h = useSandbox();

async function instagram(handle = 'bea_shop') {
  const { token, userId } = await connect(h, 'instagram', handle);
  const graph = `${h.hosts.instagram.graph}/v23.0`;
  const create = async (caption: string) =>
    (await h.post(`${graph}/${userId}/media`, { image_url: h.media.jpeg, caption, access_token: token })).body
      .id as string;
  const publish = (id: string) =>
    h.post(`${graph}/${userId}/media_publish`, { creation_id: id, access_token: token });
  return { token, userId, create, publish, me: (t = token) => h.get(`${graph}/me`, { access_token: t }) };
}

describe('failure injection from captions', () => {
  it('#sandbox-fail rejects the publish for good on every platform', async () => {
    const ig = await instagram();
    const failed = await ig.publish(await ig.create('Doomed #sandbox-fail'));
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatchObject({
      code: 100,
      is_transient: false,
      error_user_msg: 'The post was rejected by the sandbox (#sandbox-fail).',
    });
    const fb = await connectPage(h, 'Bea Bakery');
    const feed = await h.post(`${h.hosts.facebook.graph}/v23.0/${fb.pageId}/feed`, {
      message: 'no #sandbox-fail',
      access_token: fb.pageToken,
    });
    expect(feed.body.error.code).toBe(100);
    const th = await connect(h, 'threads', 'tom');
    const graph = `${h.hosts.threads.graph}/v1.0/${th.userId}`;
    const container = await h.post(`${graph}/threads`, {
      media_type: 'TEXT',
      text: '#sandbox-fail',
      access_token: th.token,
    });
    const publish = await h.post(`${graph}/threads_publish`, {
      creation_id: container.body.id,
      access_token: th.token,
    });
    expect(publish.body.error.code).toBe(100);
    expect(h.sandbox.control.published()).toEqual([]);
  });

  it('#sandbox-transient fails the first publish with a retryable 500, then publishes once', async () => {
    const ig = await instagram();
    const id = await ig.create('Flaky #sandbox-transient');
    const first = await ig.publish(id);
    expect(first.status).toBe(500);
    expect(first.body.error).toMatchObject({
      code: 2,
      is_transient: true,
      message: 'Service temporarily unavailable',
    });
    expect(h.sandbox.control.published()).toEqual([]);
    expect((await ig.publish(id)).status).toBe(200);
    expect((await ig.publish(await ig.create('Flaky #sandbox-transient'))).status).toBe(200);
    expect(h.sandbox.control.published()).toHaveLength(2);
  });
});

describe('intercept', () => {
  it('runs before any change and after the change, before the answer', async () => {
    const ig = await instagram();
    const id = await ig.create('hooked');
    const seen: string[] = [];
    h.sandbox.control.intercept(async (call: SandboxCall, phase) => {
      await new Promise((r) => setTimeout(r, 1));
      seen.push(`${call.operation} ${phase} ${h.sandbox.control.published().length}`);
      expect(call).toMatchObject({
        platform: 'instagram',
        method: 'POST',
        path: `/sandbox/instagram/graph/v23.0/${ig.userId}/media_publish`,
      });
    });
    expect((await ig.publish(id)).status).toBe(200);
    expect(seen).toEqual(['instagram.publish before 0', 'instagram.publish after 1']);
  });

  it('a throwing hook answers 500 code 2: before → nothing changed; after → changed, answer lost', async () => {
    const ig = await instagram();
    const id = await ig.create('crash');
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'instagram.publish' && phase === 'before') throw new Error('killed');
    });
    const before = await ig.publish(id);
    expect(before.status).toBe(500);
    expect(before.body.error).toMatchObject({ code: 2, is_transient: true });
    expect(h.sandbox.control.published()).toHaveLength(0);
    h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'instagram.publish' && phase === 'after') throw new Error('killed');
    });
    expect((await ig.publish(id)).status).toBe(500);
    expect(h.sandbox.control.published()).toHaveLength(1);
    h.sandbox.control.intercept(null);
    expect((await ig.publish(id)).body.error.message).toContain('already been published');
  });

  it('names operations and leaves consent pages alone', async () => {
    const ops: string[] = [];
    h.sandbox.control.intercept((call, phase) => {
      if (phase === 'before') ops.push(call.operation);
    });
    const ig = await instagram();
    const id = await ig.create('ops');
    await h.get(`${h.hosts.instagram.graph}/v23.0/${id}`, { fields: 'status_code', access_token: ig.token });
    expect(ops).toEqual([
      'instagram.token',
      'instagram.exchange',
      'instagram.create_container',
      'instagram.container_status',
    ]);
  });

  it('latency delays API answers', async () => {
    const ig = await instagram();
    h.sandbox.control.setLatency(60);
    const started = Date.now();
    await ig.me();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('token invalidation', () => {
  it('expireToken: 190/463 for that token only', async () => {
    const ig = await instagram();
    const other = await connect(h, 'instagram', 'bea_shop');
    h.sandbox.control.expireToken(ig.token);
    expect((await ig.me()).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await ig.me(other.token)).status).toBe(200);
  });

  it('invalidateTokensOf: the subcode for every token issued so far; a reconnect works', async () => {
    const ig = await instagram();
    h.sandbox.control.invalidateTokensOf('instagram', ig.userId, 460);
    expect((await ig.me()).body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const refresh = await h.get(`${h.hosts.instagram.graph}/refresh_access_token`, {
      grant_type: 'ig_refresh_token',
      access_token: ig.token,
    });
    expect(refresh.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const again = await connect(h, 'instagram', 'bea_shop');
    expect((await ig.me(again.token)).status).toBe(200);
  });

  it('Facebook: invalidating the Page token keeps the user token, which gets a new Page token', async () => {
    const fb = await connectPage(h, 'Bea Bakery');
    const graph = `${h.hosts.facebook.graph}/v23.0`;
    h.sandbox.control.invalidateTokensOf('facebook', fb.pageId, 460);
    const refused = await h.post(`${graph}/${fb.pageId}/feed`, { message: 'hi', access_token: fb.pageToken });
    expect(refused.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    const accounts = await h.get(`${graph}/me/accounts`, { access_token: fb.userToken });
    const fresh = accounts.body.data[0].access_token;
    expect((await h.post(`${graph}/${fb.pageId}/feed`, { message: 'hi', access_token: fresh })).status).toBe(
      200,
    );
  });
});

describe('mintSandboxAccount', () => {
  it('mints what the OAuth dance gives, accepted by the API', async () => {
    const now = h.clock.now();
    const ig = mintSandboxAccount({
      platform: 'instagram',
      handle: '@Bea_Shop',
      secret: SECRET,
      baseUrl: h.baseUrl,
      now,
    });
    const viaOauth = await connect(h, 'instagram', 'bea_shop');
    expect(ig).toEqual({
      platformAccountId: viaOauth.userId,
      handle: 'Bea_Shop',
      profileUrl: `${h.baseUrl}/sandbox/instagram/Bea_Shop`,
      profileImageUrl: null,
      followerCount: expect.any(Number),
      credentials: {
        accessToken: expect.stringMatching(/^IGAA/),
        userId: viaOauth.userId,
        issuedAt: now.toISOString(),
      },
      tokenExpiresAt: new Date(now.getTime() + 60 * 24 * 60 * 60_000),
    });
    const me = await h.get(`${h.hosts.instagram.graph}/v23.0/me`, {
      fields: 'user_id,username',
      access_token: String(ig.credentials.accessToken),
    });
    expect(me.body).toMatchObject({ user_id: viaOauth.userId });

    const th = mintSandboxAccount({
      platform: 'threads',
      handle: 'tom',
      secret: SECRET,
      baseUrl: h.baseUrl,
      now,
    });
    expect(th.profileUrl).toBe(`${h.baseUrl}/sandbox/threads/@tom`);
    const thMe = await h.get(`${h.hosts.threads.graph}/v1.0/me`, {
      access_token: String(th.credentials.accessToken),
    });
    expect(thMe.body.id).toBe(th.platformAccountId);

    const fb = mintSandboxAccount({
      platform: 'facebook',
      handle: 'page_0',
      secret: SECRET,
      baseUrl: h.baseUrl,
      now,
    });
    expect(fb).toMatchObject({
      tokenExpiresAt: null,
      profileUrl: `${h.baseUrl}/sandbox/facebook/${fb.platformAccountId}`,
    });
    expect(fb.credentials).toEqual({
      pageId: fb.platformAccountId,
      pageAccessToken: expect.stringMatching(/^EAAB/),
      userAccessToken: expect.stringMatching(/^EAAB/),
    });
    const posted = await h.post(`${h.hosts.facebook.graph}/v23.0/${fb.platformAccountId}/feed`, {
      message: 'minted',
      access_token: String(fb.credentials.pageAccessToken),
    });
    expect(posted.status).toBe(200);
    const accounts = await h.get(`${h.hosts.facebook.graph}/v23.0/me/accounts`, {
      access_token: String(fb.credentials.userAccessToken),
    });
    expect(accounts.body.data[0].id).toBe(fb.platformAccountId);
    expect(() =>
      mintSandboxAccount({ platform: 'instagram', handle: 'a b', secret: SECRET, baseUrl: h.baseUrl, now }),
    ).toThrow();
  });

  it('tokens signed with another secret are refused', async () => {
    const ig = mintSandboxAccount({
      platform: 'instagram',
      handle: 'bea',
      secret: 'another-secret',
      baseUrl: h.baseUrl,
      now: h.clock.now(),
    });
    const me = await h.get(`${h.hosts.instagram.graph}/v23.0/me`, {
      access_token: String(ig.credentials.accessToken),
    });
    expect(me.body.error.code).toBe(190);
  });
});

describe('reset and owns', () => {
  it('reset forgets posts and settings; owns matches /sandbox/ paths', async () => {
    const ig = await instagram();
    h.sandbox.control.setQuota('instagram', 0);
    expect((await ig.publish(await ig.create('x'))).body.error.code).toBe(9);
    h.sandbox.control.reset();
    expect((await ig.publish(await ig.create('x'))).status).toBe(200);
    h.sandbox.control.reset();
    expect(h.sandbox.control.published()).toEqual([]);
    expect(h.sandbox.owns('/sandbox/instagram/graph/v23.0/me?x=1')).toBe(true);
    expect(h.sandbox.owns(`${h.baseUrl}/sandbox/threads/@tom`)).toBe(true);
    expect(h.sandbox.owns('/sandboxes')).toBe(false);
    expect(h.sandbox.owns('/api/v1/posts')).toBe(false);
  });
});
