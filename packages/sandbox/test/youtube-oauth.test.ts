import { describe, expect, it } from 'vitest';
import { mintSandboxAccount, SANDBOX_APPS } from '../src/index.js';
import {
  authorizeYouTube,
  connectYouTube,
  pkcePair,
  REDIRECT,
  SECRET,
  send,
  useSandbox,
} from './sandbox-harness.js';

const h = useSandbox();
const app = SANDBOX_APPS.youtube;
const SCOPES =
  'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';

const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  h.post(`${h.hosts.youtube.oauth2}/token`, params, headers);
const exchange = (code: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    redirect_uri: REDIRECT,
    code,
    ...extra,
  });
const refresh = (refreshToken: string) =>
  token({
    grant_type: 'refresh_token',
    client_id: app.clientId,
    client_secret: app.clientSecret,
    refresh_token: refreshToken,
  });
const channels = (accessToken: string, params: Record<string, string> = {}) =>
  h.get(
    `${h.hosts.youtube.api}/youtube/v3/channels`,
    { part: 'snippet,statistics', mine: 'true', ...params },
    { authorization: `Bearer ${accessToken}` },
  );

const INVALID_CREDENTIALS = {
  error: {
    code: 401,
    message: 'Invalid Credentials',
    errors: [
      {
        message: 'Invalid Credentials',
        domain: 'global',
        reason: 'authError',
        location: 'Authorization',
        locationType: 'header',
      },
    ],
    status: 'UNAUTHENTICATED',
  },
};

describe('Google OAuth for YouTube', () => {
  it('exchanges a PKCE code for an access and a refresh token, and channels.list shows the channel', async () => {
    const pkce = pkcePair('v');
    const code = await authorizeYouTube(h, 'Acme_Shorts', pkce);
    const answer = await exchange(code, { code_verifier: pkce.verifier });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^ya29/),
      expires_in: 3599,
      refresh_token: expect.stringMatching(/^1\/\/0/),
      scope: SCOPES,
      token_type: 'Bearer',
    });
    const minted = mintSandboxAccount({
      platform: 'youtube',
      handle: 'Acme_Shorts',
      secret: SECRET,
      baseUrl: h.baseUrl,
      now: h.clock.now(),
    });
    const listed = await channels(answer.body.access_token);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: 1 },
      items: [
        {
          kind: 'youtube#channel',
          id: minted.platformAccountId,
          snippet: {
            title: 'Acme_Shorts',
            customUrl: '@Acme_Shorts',
            thumbnails: { default: { url: expect.stringContaining('/sandbox/youtube/channel/') } },
          },
          statistics: { subscriberCount: String(minted.followerCount), hiddenSubscriberCount: false },
        },
      ],
    });
    const avatar = await h.get(listed.body.items[0].snippet.thumbnails.default.url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('checks the verifier, the redirect, the client and single use, in Google words', async () => {
    const pkce = pkcePair('w');
    const code = await authorizeYouTube(h, 'checked', pkce);
    expect((await exchange(code)).body).toEqual({
      error: 'invalid_grant',
      error_description: 'Missing code verifier.',
    });
    expect((await exchange(code, { code_verifier: pkcePair('x').verifier })).body).toMatchObject({
      error: 'invalid_grant',
    });
    const redirect = await exchange(code, {
      code_verifier: pkce.verifier,
      redirect_uri: `${REDIRECT}/other`,
    });
    expect(redirect).toMatchObject({ status: 400, body: { error: 'redirect_uri_mismatch' } });
    const secret = await exchange(code, { code_verifier: pkce.verifier, client_secret: 'wrong' });
    expect(secret).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const unknown = await exchange(code, { code_verifier: pkce.verifier, client_id: 'someone-else' });
    expect(unknown.body).toEqual({
      error: 'invalid_client',
      error_description: 'The OAuth client was not found.',
    });
    expect((await exchange(code, { code_verifier: pkce.verifier })).status).toBe(200);
    expect(await exchange(code, { code_verifier: pkce.verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    });
    expect((await exchange('AQforged.code')).body).toEqual({
      error: 'invalid_grant',
      error_description: 'Malformed auth code.',
    });
    expect(
      (await token({ grant_type: 'password', client_id: app.clientId, client_secret: app.clientSecret }))
        .body,
    ).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('accepts a code without PKCE and client credentials in HTTP Basic; codes expire after 10 minutes', async () => {
    const code = await authorizeYouTube(h, 'basic', null);
    const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
    const answer = await token(
      { grant_type: 'authorization_code', redirect_uri: REDIRECT, code },
      { authorization: `Basic ${basic}` },
    );
    expect(answer.status).toBe(200);
    const late = await authorizeYouTube(h, 'late', null);
    h.clock.advance(10 * 60_000);
    expect((await exchange(late)).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refreshes into a new access token without a new refresh token; the old access token expires after 3599 s', async () => {
    const yt = await connectYouTube(h, 'refresher');
    h.clock.advance(3_599_000);
    const expired = await channels(yt.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(INVALID_CREDENTIALS);
    const fresh = await refresh(yt.refreshToken);
    expect(fresh.body).toEqual({
      access_token: expect.stringMatching(/^ya29/),
      expires_in: 3599,
      scope: SCOPES,
      token_type: 'Bearer',
    });
    expect((await channels(fresh.body.access_token)).status).toBe(200);
    // Refresh tokens do not expire by time.
    h.clock.advance(400 * 86_400_000);
    expect((await refresh(yt.refreshToken)).status).toBe(200);
  });

  it('refuses missing and forged bearer tokens, and a refresh token used as one, with 401 authError', async () => {
    const yt = await connectYouTube(h, 'bearer');
    for (const auth of [undefined, 'Bearer ya29forged.token', `Bearer ${yt.refreshToken}`]) {
      const answer = await h.get(
        `${h.hosts.youtube.api}/youtube/v3/channels`,
        { part: 'id', mine: 'true' },
        auth === undefined ? {} : { authorization: auth },
      );
      expect(answer).toMatchObject({ status: 401, body: INVALID_CREDENTIALS });
    }
    const param = await h.get(`${h.hosts.youtube.api}/youtube/v3/channels`, {
      part: 'id',
      mine: 'true',
      access_token: yt.accessToken,
    });
    expect(param.status).toBe(200);
  });

  it('after invalidateTokensOf, access tokens get 401 and refresh tokens invalid_grant; a reconnect works', async () => {
    const yt = await connectYouTube(h, 'revoked');
    h.sandbox.control.invalidateTokensOf('youtube', yt.channelId, 0);
    expect((await channels(yt.accessToken)).status).toBe(401);
    expect(await refresh(yt.refreshToken)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    const again = await connectYouTube(h, 'revoked');
    expect((await channels(again.accessToken)).status).toBe(200);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('POST /revoke ends the whole grant; expireToken refuses one token', async () => {
    const yt = await connectYouTube(h, 'revoker');
    const revoked = await send(
      `${h.hosts.youtube.oauth2}/revoke?token=${encodeURIComponent(yt.accessToken)}`,
      {
        method: 'POST',
      },
    );
    expect(revoked.status).toBe(200);
    expect((await refresh(yt.refreshToken)).body).toMatchObject({ error: 'invalid_grant' });
    expect(
      (
        await send(`${h.hosts.youtube.oauth2}/revoke?token=${encodeURIComponent(yt.accessToken)}`, {
          method: 'POST',
        })
      ).body,
    ).toMatchObject({ error: 'invalid_token' });

    const other = await connectYouTube(h, 'expiring');
    h.sandbox.control.expireToken(other.refreshToken);
    expect((await refresh(other.refreshToken)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await channels(other.accessToken)).status).toBe(200);
  });

  it('an account without a channel lists no items; a suspended one is refused', async () => {
    const yt = await connectYouTube(h, 'nochannel');
    h.sandbox.control.setYouTubeChannel(yt.channelId, 'missing');
    const none = await channels(yt.accessToken);
    expect(none.status).toBe(200);
    expect(none.body.items).toBeUndefined();
    expect(none.body.pageInfo).toEqual({ totalResults: 0, resultsPerPage: 5 });
    h.sandbox.control.setYouTubeChannel(yt.channelId, 'suspended');
    const suspended = await channels(yt.accessToken);
    expect(suspended.status).toBe(403);
    expect(suspended.body.error.errors[0]).toMatchObject({ reason: 'authenticatedUserAccountSuspended' });
    h.sandbox.control.setYouTubeChannel(yt.channelId, 'active');
    expect((await channels(yt.accessToken)).body.items).toHaveLength(1);
  });

  it('channels.list needs part and mine=true', async () => {
    const yt = await connectYouTube(h, 'params');
    const noPart = await channels(yt.accessToken, { part: '' });
    expect(noPart.body.error).toMatchObject({ code: 400, errors: [{ reason: 'required' }] });
    const noFilter = await h.get(
      `${h.hosts.youtube.api}/youtube/v3/channels`,
      { part: 'id' },
      { authorization: `Bearer ${yt.accessToken}` },
    );
    expect(noFilter.body.error.errors[0].reason).toBe('missingRequiredParameter');
  });
});
