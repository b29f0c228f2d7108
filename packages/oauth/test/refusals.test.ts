import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approve } from './approve.js';
import { createTestBrowser } from './browser.js';
import {
  authorizeUrl,
  CALLBACK,
  callTool,
  codeFor,
  codeRequest,
  pkcePair,
  registeredClient,
  tokenRequest,
} from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

const PASSWORD = 'correct horse battery staple';

let app: OAuthTestApp;
let email: string;
let clientId: string;
beforeEach(async () => {
  app = await startOAuthTestApp();
  email = (await app.user(PASSWORD)).email;
  clientId = await registeredClient(app);
});
afterEach(async () => {
  await app.close();
});

/** Runs a whole code flow and exchanges the code; returns the token response. */
async function tokensFor(scope = 'mcp:read mcp:write offline_access') {
  const { verifier, challenge } = pkcePair();
  const code = await codeFor(
    app,
    authorizeUrl(app, codeRequest(clientId, challenge, { scope })),
    email,
    PASSWORD,
  );
  const exchanged = await tokenRequest(app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: clientId,
    code_verifier: verifier,
  });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return exchanged.body as { access_token: string; refresh_token?: string; scope: string };
}

/** The error an authorization request is sent back to the client with. */
async function authorizationError(url: string): Promise<URLSearchParams> {
  const page = await createTestBrowser(app.baseUrl).open(url);
  if (page.redirectedTo === null) throw new Error(`Not redirected back:\n${page.html}`);
  expect(`${page.redirectedTo.origin}${page.redirectedTo.pathname}`).toBe(CALLBACK);
  return page.redirectedTo.searchParams;
}

describe('authorization requests the server refuses', () => {
  it('refuses a request without PKCE', async () => {
    const error = await authorizationError(
      authorizeUrl(
        app,
        codeRequest(clientId, '', { code_challenge: undefined, code_challenge_method: undefined }),
      ),
    );
    expect(error.get('error')).toBe('invalid_request');
    expect(error.get('error_description')).toMatch(/PKCE/);
    expect(error.get('state')).toBe('xyz');
    expect(error.get('iss')).toBe(app.baseUrl);
  });

  it('refuses plain PKCE', async () => {
    const { verifier } = pkcePair();
    const error = await authorizationError(
      authorizeUrl(app, codeRequest(clientId, verifier, { code_challenge_method: 'plain' })),
    );
    expect(error.get('error')).toBe('invalid_request');
    expect(error.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('refuses a redirect URI that differs from the registered one, without redirecting to it', async () => {
    const { challenge } = pkcePair();
    for (const redirect of ['http://127.0.0.1:53682/other', 'https://attacker.example/callback']) {
      const page = await createTestBrowser(app.baseUrl).open(
        authorizeUrl(app, codeRequest(clientId, challenge, { redirect_uri: redirect })),
      );
      expect(page.redirectedTo).toBeNull();
      expect(page.status).toBe(400);
      expect(page.html).toContain('invalid_redirect_uri');
    }
  });

  it('refuses a resource other than the tool endpoint', async () => {
    const { challenge } = pkcePair();
    const error = await authorizationError(
      authorizeUrl(app, codeRequest(clientId, challenge, { resource: 'https://other.example/api' })),
    );
    expect(error.get('error')).toBe('invalid_target');
  });

  it('sends access_denied back when the person denies', async () => {
    const { challenge } = pkcePair();
    const { callback } = await approve(
      app.baseUrl,
      authorizeUrl(app, codeRequest(clientId, challenge)),
      { email, password: PASSWORD },
      'deny',
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});

describe('token requests the server refuses', () => {
  it('refuses a wrong code verifier', async () => {
    const { challenge } = pkcePair();
    const code = await codeFor(app, authorizeUrl(app, codeRequest(clientId, challenge)), email, PASSWORD);
    const refused = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: clientId,
      code_verifier: pkcePair().verifier,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses a code exchanged with another redirect URI than it was issued for', async () => {
    const other = 'http://127.0.0.1:53682/other';
    clientId = await registeredClient(app, [CALLBACK, other]);
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(app, authorizeUrl(app, codeRequest(clientId, challenge)), email, PASSWORD);
    const refused = await tokenRequest(app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: other,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('refuses a replayed code, and revokes the tokens the first use got', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(app, authorizeUrl(app, codeRequest(clientId, challenge)), email, PASSWORD);
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: clientId,
      code_verifier: verifier,
    };
    const first = await tokenRequest(app, fields);
    expect(first.status).toBe(200);
    expect((await callTool(app, String(first.body.access_token), 'svc_list_scheduled_posts')).status).toBe(
      200,
    );
    const replay = await tokenRequest(app, fields);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await callTool(app, String(first.body.access_token), 'svc_list_scheduled_posts')).status).toBe(
      401,
    );
  });

  it('refuses a refresh token used twice, and ends the grant', async () => {
    const tokens = await tokensFor();
    const refresh = {
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
      client_id: clientId,
    };
    const rotated = await tokenRequest(app, refresh);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    const reused = await tokenRequest(app, refresh);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    // Reuse means the token leaked: the new refresh token and the access tokens go too.
    const afterReuse = await tokenRequest(app, {
      ...refresh,
      refresh_token: String(rotated.body.refresh_token),
    });
    expect(afterReuse.body.error).toBe('invalid_grant');
    expect((await callTool(app, String(rotated.body.access_token), 'svc_list_scheduled_posts')).status).toBe(
      401,
    );
  });
});

describe('access tokens the tool endpoint refuses', () => {
  it('refuses a revoked token with 401 and the challenge', async () => {
    const { access_token } = await tokensFor();
    expect((await callTool(app, access_token, 'svc_list_scheduled_posts')).status).toBe(200);
    const revoked = await fetch(`${app.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: access_token, client_id: clientId }).toString(),
    });
    expect(revoked.status).toBe(200);
    const refused = await callTool(app, access_token, 'svc_list_scheduled_posts');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      'invalid_access_token',
    );
  });

  it('refuses a token issued for another audience', async () => {
    const { access_token } = await tokensFor();
    const { provider } = app.oauth;
    const issued = await provider.AccessToken.find(access_token);
    if (issued === undefined) throw new Error('The issued token is not found.');
    const client = await provider.Client.find(clientId);
    if (client === undefined) throw new Error('The registered client is not found.');
    const foreign = new provider.AccessToken({
      accountId: issued.accountId,
      client,
      grantId: issued.grantId,
      scope: 'mcp:read mcp:write',
      gty: 'authorization_code',
    });
    foreign.setAudience('https://other.example/api');
    const value = await foreign.save();
    expect((await provider.AccessToken.find(value))?.aud).toBe('https://other.example/api');
    const refused = await callTool(app, value, 'svc_list_scheduled_posts');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('refuses an expired token with 401 and the challenge', async () => {
    const { access_token } = await tokensFor();
    const { provider } = app.oauth;
    const issued = await provider.AccessToken.find(access_token);
    const client = await provider.Client.find(clientId);
    if (issued === undefined || client === undefined) throw new Error('The issued token is not found.');
    // The same grant, resource and scopes, but a lifetime of one second.
    const shortLived = new provider.AccessToken({
      accountId: issued.accountId,
      client,
      grantId: issued.grantId,
      scope: 'mcp:read mcp:write',
      gty: 'authorization_code',
      expiresIn: 1,
    });
    shortLived.setAudience(`${app.baseUrl}/api/mcp`);
    const value = await shortLived.save();
    expect((await callTool(app, value, 'svc_list_scheduled_posts')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refused = await callTool(app, value, 'svc_list_scheduled_posts');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });

  it('refuses an unknown token like an expired one', async () => {
    const refused = await callTool(app, 'A'.repeat(43), 'svc_list_scheduled_posts');
    expect(refused.status).toBe(401);
  });

  it('answers 403 insufficient_scope naming mcp:write when an mcp:read token calls a write tool', async () => {
    const { access_token, scope } = await tokensFor('mcp:read');
    expect(scope).toBe('mcp:read');
    expect((await callTool(app, access_token, 'svc_list_scheduled_posts')).status).toBe(200);
    const refused = await callTool(app, access_token, 'svc_delete_scheduled_post', { post_id: 'post_x' });
    expect(refused.status).toBe(403);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer error="insufficient_scope"/);
    expect(challenge).toContain('scope="mcp:write"');
    const body = (await refused.json()) as { error: { data: { code: string; requiredScope: string } } };
    expect(body.error.data).toEqual({ code: 'insufficient_scope', requiredScope: 'mcp:write' });
  });

  it('lets an mcp:write token read as well: writing adds to reading', async () => {
    const { access_token } = await tokensFor('mcp:write');
    const listed = await callTool(app, access_token, 'svc_list_scheduled_posts');
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { result?: { isError?: boolean } };
    expect(body.result).toBeDefined();
    expect(body.result?.isError ?? false).toBe(false);
  });
});
