import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, readJson, startMcpTestApp } from './mcp-test-app.js';

// Spec 9: the deprecated proxy address and key-to-token exchange keep working.
describe('deprecated paths of the tool endpoint', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp();
  });
  afterEach(() => app.close());

  const listProfiles = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'svc_list_profiles' } };

  it('answers at {base}/mcp exactly as at /api/mcp, marked deprecated', async () => {
    const { key } = await app.userWithKey({ scopes: ['account:read'] });
    const legacy = await app.rpc(listProfiles, { key, path: '/mcp' });
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('deprecation')).toBe('true');
    const current = await app.rpc(listProfiles, { key });
    expect(current.headers.get('deprecation')).toBeNull();
    expect((await readJson(legacy)).result).toEqual((await readJson(current)).result);
    const anonymous = await app.rpc(listProfiles, { path: '/mcp' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('accepts the 24-hour token of POST /auth as a Bearer, with the scopes of its key', async () => {
    const { key } = await app.userWithKey({ scopes: ['account:read'] });
    const exchanged = await fetch(`${app.url}/auth`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const answer = await readJson(await app.rpc(listProfiles, { key: token }));
    expect(answer.result.isError).toBeUndefined();
    const scheduled = await readJson(
      await app.rpc(
        {
          ...listProfiles,
          params: { name: 'svc_schedule_post', arguments: { caption: 'x', platforms: ['threads'] } },
        },
        { key: token },
      ),
    );
    expect(scheduled.result.isError).toBe(true);
    expect(scheduled.result.content[0].text).toContain('insufficient_scope');
  });
});
