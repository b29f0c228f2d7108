import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { register } from './oauth-requests.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';

let app: OAuthTestApp;
beforeEach(async () => {
  app = await startOAuthTestApp();
});
afterEach(async () => {
  await app.close();
});

describe('authorization server metadata', () => {
  it('names every endpoint and the OAuth 2.1 choices at /.well-known/oauth-authorization-server', async () => {
    const response = await fetch(`${app.baseUrl}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    const base = app.baseUrl;
    expect(metadata).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      jwks_uri: `${base}/oauth/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['profile', 'mcp:read', 'mcp:write', 'offline_access']),
    );
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['none']));
  });

  it('is what the protected-resource metadata of /api/mcp points to', async () => {
    const resource = (await (
      await fetch(`${app.baseUrl}/.well-known/oauth-protected-resource/api/mcp`)
    ).json()) as { resource: string; authorization_servers: string[] };
    expect(resource.resource).toBe(`${app.baseUrl}/api/mcp`);
    const [server] = resource.authorization_servers;
    const metadata = (await (await fetch(`${server}/.well-known/oauth-authorization-server`)).json()) as {
      issuer: string;
    };
    expect(metadata.issuer).toBe(server);
  });
});

describe('dynamic client registration', () => {
  it.each([
    ['an https callback', 'https://agent.example.com/oauth/callback'],
    ['http on 127.0.0.1 with any port', 'http://127.0.0.1:61234/callback'],
    ['http on [::1]', 'http://[::1]:8765/cb'],
    ['http on localhost', 'http://localhost:33418/cb'],
    ['a private-use scheme', 'com.example.agent:/oauth2redirect'],
  ])('registers a client with %s', async (_what, uri) => {
    const response = await register(app, { redirect_uris: [uri] });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.redirect_uris).toEqual([uri]);
    expect(body.client_id).toMatch(/^client_/);
    expect(body).not.toHaveProperty('client_secret');
  });

  it.each([
    ['plain http on another host', 'http://agent.example.com/callback', /loopback/],
    ['a javascript: URI', 'javascript:alert(1)', /private-use/],
    ['a scheme that is not a reverse domain', 'myapp:/callback', /private-use/],
    ['a fragment', 'https://agent.example.com/cb#x', /fragment/],
  ])('refuses %s with invalid_redirect_uri saying why', async (_what, uri, why) => {
    const response = await register(app, { redirect_uris: ['https://fine.example/cb', uri] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toMatch(why);
  });

  it('gives a confidential client a secret it can use, without storing the secret', async () => {
    const response = await register(app, {
      redirect_uris: ['https://agent.example.com/cb'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const body = (await response.json()) as { client_id: string; client_secret: string };
    expect(response.status).toBe(201);
    expect(body.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.store.oauth.find('Client', body.client_id);
    expect(JSON.stringify(stored?.payload)).not.toContain(body.client_secret);
    // The secret works at the token endpoint: a bad one is invalid_client, the right one gets past it.
    const attempt = (secret: string) =>
      fetch(`${app.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: 'https://agent.example.com/cb',
          client_id: body.client_id,
          client_secret: secret,
          code_verifier: 'v'.repeat(43),
        }).toString(),
      }).then(async (r) => ((await r.json()) as { error: string }).error);
    expect(await attempt('wrong')).toBe('invalid_client');
    expect(await attempt(body.client_secret)).toBe('invalid_grant');
  });
});
