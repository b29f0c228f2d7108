import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mintSandboxAccount, SANDBOX_APPS } from '../src/index.js';
import { consentForm, REDIRECT, SECRET, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const app = SANDBOX_APPS.tiktok;
const VERIFIER = 'verifier-of-the-tiktok-sandbox-tests-0123456789-abcdefgh';
// TikTok's PKCE challenge is the hex SHA-256 of the verifier (not RFC 7636's base64url).
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('hex');

/** The consent dance up to the code; a PKCE challenge unless `challenge` is null. */
async function authorize(handle: string, challenge: string | null = challengeOf(VERIFIER), scope?: string) {
  const url = `${h.hosts.tiktok.www}/v2/auth/authorize/`;
  const params: Record<string, string> = {
    client_key: app.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: scope ?? 'user.info.basic,user.info.profile,user.info.stats,video.list,video.publish',
    state: 'st-tt',
    ...(challenge === null ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
  };
  const query = `${url}?${new URLSearchParams(params)}`;
  const page = await h.get(query);
  const posted = await h.post(query, { ...consentForm(page.text), handle });
  if (posted.status !== 302) throw new Error(`consent answered ${posted.status}: ${posted.text}`);
  return new URL(posted.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

const token = (params: Record<string, string>) =>
  h.post(`${h.hosts.tiktok.api}/v2/oauth/token/`, {
    client_key: app.clientId,
    client_secret: app.clientSecret,
    ...params,
  });

const redeem = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    ...extra,
  });

const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });

const userInfo = (accessToken: string, fields = 'open_id,username') =>
  h.get(`${h.hosts.tiktok.api}/v2/user/info/`, { fields }, { authorization: `Bearer ${accessToken}` });

describe('TikTok OAuth', () => {
  it('redeems a code once, with the PKCE verifier, into rotating tokens', async () => {
    const code = await authorize('bea_shop');
    expect((await redeem(code, { code_verifier: '' })).body).toMatchObject({
      error: 'invalid_request',
      error_description: 'code_verifier is required for this authorization code.',
      log_id: expect.any(String),
    });
    const wrong = await redeem(code, { code_verifier: `${VERIFIER}x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'invalid_request',
      error_description: 'Code verifier or code challenge is invalid.',
      log_id: expect.any(String),
    });
    expect((await redeem(code, { redirect_uri: `${REDIRECT}/other` })).body.error).toBe('invalid_grant');

    const ok = await redeem(code);
    expect(ok.status).toBe(200);
    const openId = mintSandboxAccount({
      platform: 'tiktok',
      handle: 'bea_shop',
      secret: SECRET,
      baseUrl: h.baseUrl,
      now: h.clock.now(),
    }).platformAccountId;
    expect(ok.body).toEqual({
      open_id: openId,
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list,video.publish',
      access_token: expect.stringMatching(/^act\./),
      expires_in: 86_400,
      refresh_token: expect.stringMatching(/^rft\./),
      refresh_expires_in: 31_536_000,
      token_type: 'Bearer',
    });
    const reused = await redeem(code);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/used/),
    });
  });

  it("refuses RFC 7636's base64url challenge: TikTok's is hex", async () => {
    const rfcChallenge = createHash('sha256').update(VERIFIER).digest('base64url');
    const code = await authorize('rfc_client', rfcChallenge);
    expect((await redeem(code)).body).toMatchObject({
      error: 'invalid_request',
      error_description: 'Code verifier or code challenge is invalid.',
    });
  });

  it('needs no verifier for a code issued without a challenge, and refuses strangers', async () => {
    const code = await authorize('bea_shop', null);
    expect((await redeem(code, { client_secret: 'nope' })).status).toBe(401);
    expect((await redeem(code, { client_secret: 'nope' })).body.error).toBe('invalid_client');
    expect((await token({ grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    expect((await redeem('AQforged.code')).body.error).toBe('invalid_grant');
    expect((await redeem(code, { code_verifier: '' })).status).toBe(200);
  });

  it('rotates refresh tokens: the superseded one is refused, the newest works, twice in a row', async () => {
    const first = (await redeem(await authorize('bea_shop'))).body;
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.access_token).not.toBe(first.access_token);
    expect(second.body.open_id).toBe(first.open_id);

    const old = await refresh(first.refresh_token);
    expect(old.status).toBe(400);
    expect(old.body).toEqual({
      error: 'invalid_grant',
      error_description: 'Refresh token is invalid or expired.',
      log_id: expect.any(String),
    });
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    expect((await refresh(third.body.refresh_token)).status).toBe(200);
    expect((await userInfo(third.body.access_token)).status).toBe(200);
  });

  it('accepts any genuine refresh token once it forgot which is newest (a restart)', async () => {
    const first = (await redeem(await authorize('bea_shop'))).body;
    await refresh(first.refresh_token);
    h.sandbox.control.reset();
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('refuses expired and invalidated tokens; a reconnect works again', async () => {
    const first = (await redeem(await authorize('bea_shop'))).body;
    h.clock.advance(24 * 3_600_000);
    const expired = await userInfo(first.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      data: {},
      error: {
        code: 'access_token_invalid',
        message: 'The access token is invalid or not found in the request.',
        log_id: expect.any(String),
      },
    });
    const renewed = (await refresh(first.refresh_token)).body;
    expect((await userInfo(renewed.access_token)).status).toBe(200);

    h.sandbox.control.invalidateTokensOf('tiktok', first.open_id, 460);
    expect((await userInfo(renewed.access_token)).body.error.code).toBe('access_token_invalid');
    expect((await refresh(renewed.refresh_token)).body.error).toBe('invalid_grant');
    const again = (await redeem(await authorize('bea_shop'))).body;
    expect((await userInfo(again.access_token)).status).toBe(200);

    h.clock.advance(366 * 24 * 3_600_000);
    expect((await refresh(again.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('revokes every token of the creator', async () => {
    const first = (await redeem(await authorize('bea_shop'))).body;
    const revoked = await h.post(`${h.hosts.tiktok.api}/v2/oauth/revoke/`, {
      client_key: app.clientId,
      client_secret: app.clientSecret,
      token: first.access_token,
    });
    expect(revoked.status).toBe(200);
    expect((await userInfo(first.access_token)).status).toBe(401);
    expect((await refresh(first.refresh_token)).body.error).toBe('invalid_grant');
  });
});

describe('TikTok user info and scopes', () => {
  it('answers the requested fields of the token user', async () => {
    const { access_token: accessToken, open_id: openId } = (await redeem(await authorize('bea_shop'))).body;
    const info = await userInfo(
      accessToken,
      'open_id,union_id,avatar_url,display_name,username,follower_count',
    );
    expect(info.body).toEqual({
      data: {
        user: {
          open_id: openId,
          union_id: expect.any(String),
          avatar_url: `${h.baseUrl}/sandbox/tiktok/@bea_shop/avatar.svg`,
          display_name: 'bea_shop',
          username: 'bea_shop',
          follower_count: expect.any(Number),
        },
      },
      error: { code: 'ok', message: '', log_id: expect.any(String) },
    });
    const avatar = await h.get(info.body.data.user.avatar_url);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect((await userInfo(accessToken, 'open_id,shoe_size')).body.error.code).toBe('invalid_params');
    expect((await userInfo(accessToken, '')).status).toBe(400);
  });

  it('refuses what the creator did not grant with scope_not_authorized', async () => {
    const code = await authorize('bea_shop', challengeOf(VERIFIER), 'user.info.basic');
    const { access_token: accessToken } = (await redeem(code)).body;
    expect((await userInfo(accessToken, 'open_id,display_name')).status).toBe(200);
    const stats = await userInfo(accessToken, 'follower_count');
    expect(stats.status).toBe(401);
    expect(stats.body.error.code).toBe('scope_not_authorized');
    const creator = await fetch(`${h.hosts.tiktok.api}/v2/post/publish/creator_info/query/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(creator.status).toBe(401);
    expect(((await creator.json()) as { error: { code: string } }).error.code).toBe('scope_not_authorized');
  });
});
