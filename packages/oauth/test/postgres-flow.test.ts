import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { describePostgres } from '@svc/store-postgres/testing';
import { expect, it } from 'vitest';
import { approve } from './approve.js';
import { CALLBACK, callTool, tokenRequest } from './oauth-requests.js';
import { startOAuthTestApp } from './oauth-test-app.js';
import { createTestClientProvider } from './test-client-provider.js';

const PASSWORD = 'correct horse battery staple';

await describePostgres('the OAuth flow on PostgreSQL', (db) => {
  it('registers, approves, calls a tool, rotates the refresh token and ends the grant on reuse', async () => {
    const app = await startOAuthTestApp({ openStore: () => db.openStore() });
    try {
      const user = await app.user(PASSWORD);
      const provider = createTestClientProvider(CALLBACK);
      const serverUrl = `${app.baseUrl}/api/mcp`;
      expect(await auth(provider, { serverUrl, scope: 'mcp:read mcp:write offline_access' })).toBe(
        'REDIRECT',
      );
      const { callback } = await approve(app.baseUrl, provider.authorizationUrl(), {
        email: user.email,
        password: PASSWORD,
      });
      const code = String(callback.searchParams.get('code'));
      expect(await auth(provider, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');
      const first = provider.savedTokens();
      expect((await callTool(app, String(first?.access_token), 'svc_list_scheduled_posts')).status).toBe(200);

      expect(await auth(provider, { serverUrl })).toBe('AUTHORIZED');
      const second = provider.savedTokens();
      expect(second?.refresh_token).not.toBe(first?.refresh_token);
      const reused = await tokenRequest(app, {
        grant_type: 'refresh_token',
        refresh_token: String(first?.refresh_token),
        client_id: String(provider.savedClient()?.client_id),
      });
      expect(reused.body.error).toBe('invalid_grant');
      expect((await callTool(app, String(second?.access_token), 'svc_list_scheduled_posts')).status).toBe(
        401,
      );
    } finally {
      await app.close();
    }
  });
});
