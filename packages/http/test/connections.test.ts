import { createRecordingPlatformGateway, TEST_POSTING_OPTIONS } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJson, startTestApp, type TestApp } from './test-app.js';

describe('connecting accounts', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp({ platforms: { instagram: createRecordingPlatformGateway('instagram') } });
  });
  afterEach(() => app.close());

  const requestConnection = async (key: string, platform = 'instagram') => {
    const res = await app.fetch('/api/v1/connections', { method: 'POST', key, json: { platform } });
    return { res, body: await readJson(res) };
  };
  // Opens the connect link like a browser: our redirect to the platform, and the binding cookie.
  const open = async (connectUrl: string) => {
    const res = await fetch(`${app.url}${new URL(connectUrl).pathname}`, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? 'http://none');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return {
      res,
      state: location.searchParams.get('state') ?? '',
      redirectUri: location.searchParams.get('redirect_uri'),
      cookie,
    };
  };
  const callback = (query: string, cookie: string) =>
    fetch(`${app.url}/connect/callback?${query}`, { headers: { cookie }, redirect: 'manual' });

  it('creates a short-lived request and connects the account through the callback', async () => {
    const { user, key } = await app.userWithKey({ scopes: ['account:write', 'account:read'] });
    const { res, body } = await requestConnection(key);
    expect(res.status).toBe(200);
    expect(body).toEqual({
      requestId: expect.stringMatching(/^conn_/),
      platform: 'instagram',
      connectUrl: `https://svc.test/connect/${body.requestId}`,
      expiresAt: new Date(app.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    const started = await open(body.connectUrl);
    expect(started.res.status).toBe(302);
    expect(started.redirectUri).toBe('https://svc.test/connect/callback');
    expect(started.state).toMatch(new RegExp(`^${body.requestId}\\.`));
    expect(started.res.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax; Secure/);

    const done = await callback(`state=${encodeURIComponent(started.state)}&code=abc`, started.cookie);
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/text\/html/);
    expect(await done.text()).toContain('@handle_abc on Instagram is now connected.');
    const listed = await readJson(await app.fetch('/api/v1/connections', { key }));
    expect(listed.accounts.map((a: { handle: string }) => a.handle)).toEqual(['handle_abc']);
    const [account] = await app.store.accounts.listActiveAccounts(user.id);
    expect(account?.sealedCredentials).not.toContain('token-abc');
  });

  it('returns a connect started from the console to its Connections page, and only that one', async () => {
    const { user, key } = await app.userWithKey({ scopes: ['account:write'] });
    const { body } = await requestConnection(key);
    const res = await fetch(`${app.url}/connect/${body.requestId}?from=console`, { redirect: 'manual' });
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    expect(cookies).toEqual([`svc_connect=${body.requestId}`, `svc_connect_return=${body.requestId}`]);
    const state = new URL(res.headers.get('location') ?? 'http://none').searchParams.get('state') ?? '';
    // A return marker of another request does not send this one back to the console.
    const other = await open((await requestConnection(key)).body.connectUrl);
    const plain = await callback(
      `state=${encodeURIComponent(other.state)}&code=other`,
      `${other.cookie}; svc_connect_return=${body.requestId}`,
    );
    expect(plain.status).toBe(200);
    const done = await callback(`state=${encodeURIComponent(state)}&code=abc`, cookies.join('; '));
    const [account] = (await app.store.accounts.listActiveAccounts(user.id)).filter(
      (a) => a.handle === 'handle_abc',
    );
    expect([done.status, done.headers.get('location')]).toEqual([
      303,
      `/app/connections?connected=${account?.id}`,
    ]);
  });

  it('refuses a used, expired, foreign-browser or declined callback with a clear page', async () => {
    const { key } = await app.userWithKey({ scopes: ['account:write'] });
    const first = await open((await requestConnection(key)).body.connectUrl);
    const query = `state=${encodeURIComponent(first.state)}&code=abc`;
    expect((await callback(query, 'svc_connect=conn_someone_else')).status).toBe(404);
    expect((await callback(query, first.cookie)).status).toBe(200);
    const reused = await callback(query, first.cookie);
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain('already used');
    expect(
      (await fetch(`${app.url}/connect/${first.state.split('.')[0]}`, { redirect: 'manual' })).status,
    ).toBe(409);

    const late = await open((await requestConnection(key)).body.connectUrl);
    app.clock.advance(30 * 60_000);
    const expired = await callback(`state=${encodeURIComponent(late.state)}&code=abc`, late.cookie);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');

    const declined = await open((await requestConnection(key)).body.connectUrl);
    const no = await callback(
      `state=${encodeURIComponent(declined.state)}&error=access_denied`,
      declined.cookie,
    );
    expect(no.status).toBe(400);
    expect(await no.text()).toContain('did not grant access (access_denied)');

    // A grant without a permission the connection needs names it, with its own code.
    const partial = await open((await requestConnection(key)).body.connectUrl);
    const lacking = await callback(
      `state=${encodeURIComponent(partial.state)}&code=missing-scopes`,
      partial.cookie,
    );
    expect(lacking.status).toBe(400);
    expect(await lacking.text()).toContain(
      'Instagram did not grant instagram.publish, which the connection needs',
    );

    const forged = await callback(
      `state=${encodeURIComponent(`${declined.state.split('.')[0]}.wrong`)}&code=x`,
      declined.cookie,
    );
    expect(forged.status).toBe(404);
  });

  it('answers the API errors: scope, platform name, platform not set up', async () => {
    const { key: reader } = await app.userWithKey({ scopes: ['account:read'] });
    expect((await requestConnection(reader)).body.code).toBe('insufficient_scope');
    const { key } = await app.userWithKey({ scopes: ['account:write'] });
    const bad = await requestConnection(key, 'myspace');
    expect([bad.res.status, bad.body.code]).toEqual([400, 'unsupported_platform']);
    const off = await requestConnection(key, 'tiktok');
    expect([off.res.status, off.body.code]).toEqual([422, 'platform_unavailable']);
    expect((await fetch(`${app.url}/connect/conn_nope`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('GET /api/v1/connections/:id/posting-options', () => {
  let app: TestApp;
  const tiktok = createRecordingPlatformGateway('tiktok');
  beforeEach(async () => {
    app = await startTestApp({ platforms: { tiktok } });
  });
  afterEach(() => app.close());

  it("answers the creator's live options, and the errors with their statuses", async () => {
    const { user, key } = await app.userWithKey({ scopes: ['account:read'] });
    const creator = await app.account(user, {
      platform: 'tiktok',
      sealedCredentials: app.core.secretBox.seal(JSON.stringify({ accessToken: 't' })),
    });
    const res = await app.fetch(`/api/v1/connections/${creator.id}/posting-options`, { key });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      ...TEST_POSTING_OPTIONS,
      profileId: creator.id,
      platform: 'tiktok',
      fetchedAt: app.clock.now().toISOString(),
    });

    app.core.postingOptionsCache.forget(creator.id);
    tiktok.scriptPostingOptions({ kind: 'unavailable', reason: 'timeout' });
    const down = await app.fetch(`/api/v1/connections/${creator.id}/posting-options`, { key });
    expect(down.status).toBe(503);
    expect(await readJson(down)).toMatchObject({ code: 'platform_unreachable' });

    const unknown = await app.fetch('/api/v1/connections/acct_nope/posting-options', { key });
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toMatchObject({ code: 'invalid_profile_ids' });

    const noScope = await app.keyFor(user, ['post:read']);
    const refused = await app.fetch(`/api/v1/connections/${creator.id}/posting-options`, { key: noScope });
    expect(refused.status).toBe(403);
  });
});
