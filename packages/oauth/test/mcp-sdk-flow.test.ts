import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { systemClock } from '@svc/core/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentAccess } from '../src/index.js';
import { approve } from './approve.js';
import { type OAuthTestApp, startOAuthTestApp } from './oauth-test-app.js';
import { createTestClientProvider, type TestClientProvider } from './test-client-provider.js';

const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'http://127.0.0.1:53682/callback';

let apps: OAuthTestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

async function started(options: Parameters<typeof startOAuthTestApp>[0] = {}): Promise<OAuthTestApp> {
  const app = await startOAuthTestApp(options);
  apps.push(app);
  return app;
}

/** Runs the SDK's discovery, registration and authorization, approving as `email` in between. */
async function authorizeWithSdk(
  app: OAuthTestApp,
  provider: TestClientProvider,
  email: string,
  scope?: string,
) {
  const serverUrl = `${app.baseUrl}/api/mcp`;
  const options = scope === undefined ? { serverUrl } : { serverUrl, scope };
  expect(await auth(provider, options)).toBe('REDIRECT');
  const { callback, consentPage } = await approve(app.baseUrl, provider.authorizationUrl(), {
    email,
    password: PASSWORD,
  });
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
  expect(callback.searchParams.get('state')).toBe('state-for-the-test');
  expect(callback.searchParams.get('iss')).toBe(app.baseUrl);
  const code = callback.searchParams.get('code');
  expect(code, callback.href).toBeTruthy();
  expect(await auth(provider, { ...options, authorizationCode: code as string })).toBe('AUTHORIZED');
  return { consentPage };
}

async function connectedClient(app: OAuthTestApp, provider: TestClientProvider): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.baseUrl}/api/mcp`), { authProvider: provider }),
  );
  return client;
}

describe('the MCP SDK client against the authorization server', () => {
  it('discovers, registers, is approved, calls a tool and refreshes its token (dynamic registration)', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const provider = createTestClientProvider(REDIRECT);
    const { consentPage } = await authorizeWithSdk(
      app,
      provider,
      user.email,
      'mcp:read mcp:write offline_access',
    );

    expect(provider.savedClient()?.client_id).toMatch(/^client_[0-9a-f]{32}$/);
    expect(consentPage).toContain('Test Agent');
    expect(consentPage).toContain(REDIRECT);
    const tokens = provider.savedTokens();
    expect(tokens?.token_type).toBe('Bearer');
    // The access token carries the resource's scopes; offline_access shows as the refresh token.
    expect(tokens?.scope?.split(' ').sort()).toEqual(['mcp:read', 'mcp:write']);
    expect(tokens?.refresh_token).toBeTruthy();

    const client = await connectedClient(app, provider);
    const listed = await client.callTool({ name: 'svc_list_connected_social_accounts', arguments: {} });
    expect(listed.isError ?? false, JSON.stringify(listed)).toBe(false);
    await client.close();
    // The call is the approval's last use, as the person's Agents page shows it.
    const [agent] = await createAgentAccess(app.store.oauth, systemClock).list(user.id);
    expect(agent?.lastUsedAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A second auth() with a refresh token in hand refreshes, rotating the refresh token.
    const before = provider.savedTokens();
    expect(await auth(provider, { serverUrl: `${app.baseUrl}/api/mcp` })).toBe('AUTHORIZED');
    const after = provider.savedTokens();
    expect(after?.access_token).not.toBe(before?.access_token);
    expect(after?.refresh_token).toBeTruthy();
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    const again = await connectedClient(app, provider);
    const status = await again.callTool({ name: 'svc_list_scheduled_posts', arguments: {} });
    expect(status.isError ?? false, JSON.stringify(status)).toBe(false);
    await again.close();
    expect(app.faults).toEqual([]);
  });

  it('uses a client ID metadata document instead of registering, and enforces its redirect URIs', async () => {
    const documentUrl = 'https://agent.example/oauth/client.json';
    const document = {
      client_id: documentUrl,
      client_name: 'Document Agent',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    const app = await started({ documents: { [documentUrl]: document } });
    const metadata = (await (
      await fetch(`${app.baseUrl}/.well-known/oauth-authorization-server`)
    ).json()) as {
      client_id_metadata_document_supported?: boolean;
    };
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    const user = await app.user(PASSWORD);
    const provider = createTestClientProvider(REDIRECT);
    provider.clientMetadataUrl = documentUrl;
    const { consentPage } = await authorizeWithSdk(app, provider, user.email, 'mcp:read offline_access');
    expect(provider.savedClient()?.client_id).toBe(documentUrl);
    expect(consentPage).toContain('Document Agent');
    const client = await connectedClient(app, provider);
    const listed = await client.callTool({ name: 'svc_list_connected_social_accounts', arguments: {} });
    expect(listed.isError ?? false, JSON.stringify(listed)).toBe(false);
    await client.close();
    const before = provider.savedTokens()?.refresh_token;
    expect(await auth(provider, { serverUrl: `${app.baseUrl}/api/mcp` })).toBe('AUTHORIZED');
    expect(provider.savedTokens()?.refresh_token).not.toBe(before);

    // A redirect URI the document does not list is refused, not redirected to.
    const url = new URL(provider.authorizationUrl());
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:53682/elsewhere');
    const refused = await fetch(url, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('invalid_redirect_uri');
  });

  it('refuses a client ID metadata document that cannot be fetched or breaks the redirect-URI policy', async () => {
    const plainHttp = 'https://plain-http.example/client.json';
    const app = await started({
      documents: {
        [plainHttp]: {
          client_id: plainHttp,
          client_name: 'Plain HTTP Agent',
          redirect_uris: ['http://plain-http.example/callback'],
          token_endpoint_auth_method: 'none',
        },
      },
    });
    const attempt = async (clientId: string, redirectUri: string) => {
      const url = new URL(`${app.baseUrl}/oauth/authorize`);
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      })) {
        url.searchParams.set(name, value);
      }
      const refused = await fetch(url, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      return refused.text();
    };
    expect(await attempt('https://unknown.example/client.json', REDIRECT)).toContain('invalid_client');
    const policy = await attempt(plainHttp, 'http://plain-http.example/callback');
    expect(policy).toContain('invalid_redirect_uri');
    expect(policy).toContain('http only on the loopback interface');
  });

  it('never connects to a private or loopback address to fetch a client ID metadata document', async () => {
    // A listener on loopback counts connections: the guard must refuse before connecting at all.
    let connections = 0;
    const listener = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const app = await started();
      for (const clientId of [
        `https://127.0.0.1:${port}/client.json`,
        `https://localhost:${port}/client.json`,
      ]) {
        const url = new URL(`${app.baseUrl}/oauth/authorize`);
        url.search = new URLSearchParams({
          response_type: 'code',
          client_id: clientId,
          redirect_uri: REDIRECT,
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
        }).toString();
        const refused = await fetch(url, { redirect: 'manual' });
        expect(refused.status, clientId).toBe(400);
        expect(await refused.text()).toContain('invalid_client');
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('gives a client that asks for no scope mcp:read and mcp:write after consent', async () => {
    const app = await started();
    const user = await app.user(PASSWORD);
    const provider = createTestClientProvider(REDIRECT);
    const { consentPage } = await authorizeWithSdk(app, provider, user.email);
    expect(consentPage).toContain('<code>mcp:read</code>');
    expect(consentPage).toContain('<code>mcp:write</code>');
    expect(provider.savedTokens()?.scope?.split(' ').sort()).toEqual(['mcp:read', 'mcp:write']);
    expect(provider.savedTokens()?.refresh_token).toBeUndefined();
  });

  it('keeps everyone signed in across a restart, and stores no token or code in the clear', async () => {
    const first = await started();
    const user = await first.user(PASSWORD);
    const provider = createTestClientProvider(REDIRECT);
    await authorizeWithSdk(first, provider, user.email, 'mcp:read offline_access');
    const tokens = provider.savedTokens();

    const db = new DatabaseSync(first.databasePath, { readOnly: true });
    const rows = db.prepare('SELECT kind, id, payload FROM oauth_records').all() as {
      id: string;
      payload: string;
    }[];
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of [tokens?.access_token, tokens?.refresh_token]) {
      expect(secret).toBeTruthy();
      expect(rows.some((r) => r.id === secret || r.payload.includes(String(secret)))).toBe(false);
    }

    const second = await first.restart();
    apps.push(second);
    const client = await connectedClient(second, provider);
    const listed = await client.callTool({ name: 'svc_list_connected_social_accounts', arguments: {} });
    expect(listed.isError ?? false, JSON.stringify(listed)).toBe(false);
    await client.close();
    expect(await auth(provider, { serverUrl: `${second.baseUrl}/api/mcp` })).toBe('AUTHORIZED');
    expect(provider.savedTokens()?.refresh_token).not.toBe(tokens?.refresh_token);
  });
});
