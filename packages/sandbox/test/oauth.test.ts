import { describe, expect, it } from 'vitest';
import { SANDBOX_APPS } from '../src/index.js';
import { authorize, connect, connectPage, consentForm, REDIRECT, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const DAY = 24 * 60 * 60_000;

describe('consent pages', () => {
  it('Instagram: one post form carrying every parameter, a handle field, Approve and a Deny link', async () => {
    const page = await h.get(`${h.hosts.instagram.www}/oauth/authorize`, {
      client_id: SANDBOX_APPS.instagram.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'abc',
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text.match(/<form/g)).toHaveLength(1);
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('<label for="handle">Account handle</label>');
    expect(page.text).toContain('<button type="submit">Approve</button>');
    expect(consentForm(page.text)).toEqual({
      client_id: 'sandbox-instagram-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'abc',
      handle: 'sandbox_instagram',
    });
    const deny =
      /<a class="button secondary" href="([^"]+)">Deny<\/a>/.exec(page.text)?.[1]?.replaceAll('&#38;', '&') ??
      '';
    const denied = new URL(deny);
    expect(`${denied.origin}${denied.pathname}`).toBe(REDIRECT);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('error_reason')).toBe('user_denied');
    expect(denied.searchParams.get('state')).toBe('abc');
  });

  it('Facebook labels the field "Page name"; unknown apps and missing redirects get a 400 page', async () => {
    const url = `${h.hosts.facebook.www}/v23.0/dialog/oauth`;
    const page = await h.get(url, { client_id: SANDBOX_APPS.facebook.clientId, redirect_uri: REDIRECT });
    expect(page.text).toContain('<label for="handle">Page name</label>');
    expect((await h.get(url, { client_id: 'someone-else', redirect_uri: REDIRECT })).status).toBe(400);
    expect((await h.get(url, { client_id: SANDBOX_APPS.facebook.clientId })).status).toBe(400);
  });

  it('escapes what it echoes', async () => {
    const page = await h.get(`${h.hosts.threads.www}/oauth/authorize`, {
      client_id: SANDBOX_APPS.threads.clientId,
      redirect_uri: REDIRECT,
      state: '"><script>alert(1)</script>',
    });
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&#34;&#62;&#60;script&#62;');
  });

  it('approving redirects with a code and the state; Instagram appends #_', async () => {
    const url = `${h.hosts.instagram.www}/oauth/authorize`;
    const params = { client_id: SANDBOX_APPS.instagram.clientId, redirect_uri: REDIRECT, state: 's 1' };
    const posted = await h.post(url, { ...params, handle: 'bea_shop' });
    expect(posted.status).toBe(302);
    const location = posted.headers.get('location') ?? '';
    expect(location.endsWith('#_')).toBe(true);
    const back = new URL(location);
    expect(back.searchParams.get('state')).toBe('s 1');
    expect(back.searchParams.get('code')).toMatch(/^AQ/);
    expect((await h.post(url, { ...params, handle: 'no spaces allowed' })).status).toBe(400);
  });
});

describe('Instagram tokens', () => {
  const exchange = (code: string, overrides: Record<string, string> = {}) =>
    h.post(`${h.hosts.instagram.api}/oauth/access_token`, {
      client_id: SANDBOX_APPS.instagram.clientId,
      client_secret: SANDBOX_APPS.instagram.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
      ...overrides,
    });

  it('lists the default permissions when the consent named no scope', async () => {
    const short = await exchange(await authorize(h, 'instagram', 'bea_shop', 'st-1', null));
    expect(short.body.permissions).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
    ]);
  });

  it('code → short-lived token (flat shape) → long-lived → /me', async () => {
    const granted = [
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_comments',
      'instagram_business_manage_messages',
    ];
    const code = await authorize(h, 'instagram', 'bea_shop', 'st-1', granted.join(','));
    const short = await exchange(code);
    expect(short.status).toBe(200);
    expect(short.body).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      user_id: expect.any(Number),
      permissions: granted,
    });
    expect(String(short.body.user_id)).toMatch(/^17841\d{10}$/);
    const long = await h.get(`${h.hosts.instagram.graph}/access_token`, {
      grant_type: 'ig_exchange_token',
      client_secret: SANDBOX_APPS.instagram.clientSecret,
      access_token: short.body.access_token,
    });
    expect(long.body).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      token_type: 'bearer',
      expires_in: 5184000,
    });
    const me = await h.get(`${h.hosts.instagram.graph}/v23.0/me`, {
      fields: 'user_id,username,name,profile_picture_url,account_type,followers_count',
      access_token: long.body.access_token,
    });
    expect(me.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(me.body).toMatchObject({
      id: String(short.body.user_id),
      user_id: String(short.body.user_id),
      username: 'bea_shop',
      account_type: 'BUSINESS',
      followers_count: expect.any(Number),
    });
  });

  it('refuses a reused code, a wrong secret and a different redirect_uri', async () => {
    const code = await authorize(h, 'instagram', 'bea_shop');
    expect((await exchange(code, { client_secret: 'nope' })).body).toMatchObject({
      error_type: 'OAuthException',
      code: 400,
    });
    expect((await exchange(code, { redirect_uri: 'https://svc.test/other' })).body.error_message).toContain(
      'redirect_uri',
    );
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'This authorization code has been used',
    });
  });

  it('codes expire after 10 minutes', async () => {
    const code = await authorize(h, 'instagram', 'bea_shop');
    h.clock.advance(10 * 60_000);
    expect((await exchange(code)).body.error_message).toContain('expired');
  });

  it('short-lived tokens last an hour', async () => {
    const code = await authorize(h, 'instagram', 'bea_shop');
    const short = (await exchange(code)).body.access_token;
    h.clock.advance(60 * 60_000);
    const me = await h.get(`${h.hosts.instagram.graph}/v23.0/me`, { access_token: short });
    expect(me.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
  });

  it('refreshes long-lived tokens for 60 more days; refuses expired ones', async () => {
    const { token } = await connect(h, 'instagram', 'bea_shop');
    h.clock.advance(30 * DAY);
    const refreshed = await h.get(`${h.hosts.instagram.graph}/refresh_access_token`, {
      grant_type: 'ig_refresh_token',
      access_token: token,
    });
    expect(refreshed.body).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      token_type: 'bearer',
      expires_in: 5184000,
    });
    expect(refreshed.body.access_token).not.toBe(token);
    h.clock.advance(31 * DAY);
    const me = (t: string) => h.get(`${h.hosts.instagram.graph}/v23.0/me`, { access_token: t });
    expect((await me(token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await me(refreshed.body.access_token)).status).toBe(200);
    const late = await h.get(`${h.hosts.instagram.graph}/refresh_access_token`, {
      grant_type: 'ig_refresh_token',
      access_token: token,
    });
    expect(late.body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });
});

describe('refresh age rule', () => {
  const strict = useSandbox({ refreshMinAgeMs: DAY });

  it('refuses tokens younger than refreshMinAgeMs with code 100, then accepts them', async () => {
    const { token } = await connect(strict, 'threads', 'tom');
    const refresh = () =>
      strict.get(`${strict.hosts.threads.graph}/refresh_access_token`, {
        grant_type: 'th_refresh_token',
        access_token: token,
      });
    const early = await refresh();
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: 100, type: 'OAuthException', is_transient: false });
    expect(early.body.error.message).toContain('24 hours old');
    strict.clock.advance(DAY);
    expect((await refresh()).body.access_token).toMatch(/^THAA/);
  });
});

describe('Threads tokens', () => {
  it('code → {access_token, user_id} → long-lived → /me', async () => {
    const code = await authorize(h, 'threads', 'tom');
    const short = await h.post(`${h.hosts.threads.graph}/oauth/access_token`, {
      client_id: SANDBOX_APPS.threads.clientId,
      client_secret: SANDBOX_APPS.threads.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
    });
    expect(short.body).toEqual({ access_token: expect.stringMatching(/^THAA/), user_id: expect.any(Number) });
    const long = await h.get(`${h.hosts.threads.graph}/access_token`, {
      grant_type: 'th_exchange_token',
      client_secret: SANDBOX_APPS.threads.clientSecret,
      access_token: short.body.access_token,
    });
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5184000 });
    const me = await h.get(`${h.hosts.threads.graph}/v1.0/me`, {
      fields: 'id,username,name,threads_profile_picture_url',
      access_token: long.body.access_token,
    });
    expect(me.body).toEqual({ id: String(short.body.user_id), username: 'tom', name: 'tom' });
    const reused = await h.post(`${h.hosts.threads.graph}/oauth/access_token`, {
      client_id: SANDBOX_APPS.threads.clientId,
      client_secret: SANDBOX_APPS.threads.clientSecret,
      redirect_uri: REDIRECT,
      code,
    });
    expect(reused.body.error).toMatchObject({ code: 100, error_subcode: 36009 });
  });

  it('a token of one platform is refused by another', async () => {
    const { token } = await connect(h, 'instagram', 'bea');
    const me = await h.get(`${h.hosts.threads.graph}/v1.0/me`, { access_token: token });
    expect(me.body.error).toMatchObject({ code: 190 });
  });
});

describe('Facebook tokens', () => {
  it('code → long-lived user token → /me/accounts with a Page token; fb_exchange_token', async () => {
    const code = await authorize(h, 'facebook', 'Bea Bakery');
    const app = SANDBOX_APPS.facebook;
    const user = await h.get(`${h.hosts.facebook.graph}/v23.0/oauth/access_token`, {
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      client_secret: app.clientSecret,
      code,
    });
    expect(user.body).toEqual({
      access_token: expect.stringMatching(/^EAAB/),
      token_type: 'bearer',
      expires_in: 5183944,
    });
    const accounts = await h.get(`${h.hosts.facebook.graph}/v23.0/me/accounts`, {
      fields: 'id,name,access_token,category',
      access_token: user.body.access_token,
    });
    expect(accounts.body.data).toEqual([
      {
        id: expect.stringMatching(/^10\d{13}$/),
        name: 'Bea Bakery',
        access_token: expect.stringMatching(/^EAAB/),
        category: expect.any(String),
      },
    ]);
    expect(accounts.body.paging).toBeDefined();
    const exchanged = await h.get(`${h.hosts.facebook.graph}/v23.0/oauth/access_token`, {
      grant_type: 'fb_exchange_token',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      fb_exchange_token: user.body.access_token,
    });
    expect(exchanged.body.access_token).toMatch(/^EAAB/);
    const again = await h.get(`${h.hosts.facebook.graph}/v23.0/oauth/access_token`, {
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      client_secret: app.clientSecret,
      code,
    });
    expect(again.body.error).toMatchObject({ code: 100, error_subcode: 36009 });
  });

  it('Page tokens do not expire; the same name gives the same Page id', async () => {
    const first = await connectPage(h, 'Bea Bakery');
    h.clock.advance(400 * DAY);
    const me = await h.get(`${h.hosts.facebook.graph}/v23.0/me`, { access_token: first.pageToken });
    expect(me.body).toEqual({ id: first.pageId, name: 'Bea Bakery' });
    expect((await connectPage(h, 'Bea Bakery')).pageId).toBe(first.pageId);
  });
});

describe('authentication', () => {
  it('takes the token from Authorization: Bearer; refuses missing and forged tokens with 190', async () => {
    const { token } = await connect(h, 'instagram', 'bea');
    const url = `${h.hosts.instagram.graph}/v23.0/me`;
    expect((await h.get(url, {}, { authorization: `Bearer ${token}` })).status).toBe(200);
    const missing = await h.get(url);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 190, fbtrace_id: expect.any(String) });
    const forged = await h.get(url, { access_token: `${token.slice(0, -3)}abc` });
    expect(forged.body.error.code).toBe(190);
  });

  it('unknown paths answer 404 in the Graph error shape', async () => {
    const res = await h.get(`${h.baseUrl}/sandbox/nowhere`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'OAuthException' });
    expect((await h.get(`${h.hosts.instagram.graph}/latest/me`)).status).toBe(404);
  });
});
