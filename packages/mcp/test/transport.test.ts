import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCEPT, type McpTestApp, readJson, startMcpTestApp } from './mcp-test-app.js';

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const call = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name, arguments: args },
});

const CHALLENGE_TAIL =
  'resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/api/mcp", scope="profile mcp:read mcp:write"';

describe('/api/mcp transport', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp();
  });
  afterEach(() => app.close());

  it('initialize echoes a supported revision, answers the newest otherwise, and issues no session', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const res = await app.rpc(initialize(version));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const body = await readJson(res);
      expect(body.result.protocolVersion).toBe(version);
      expect(body.result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    }
    for (const version of ['2024-11-05', '1999-01-01']) {
      const body = await readJson(await app.rpc(initialize(version)));
      expect(body.result.protocolVersion).toBe('2025-11-25');
    }
  });

  it('ping, tools/list, resources/list and prompts/list work without credentials', async () => {
    const ping = await readJson(await app.rpc({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    expect(ping).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    const list = await readJson(await app.rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    // Further tools join as their use cases land; these are the first ones served.
    expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining([
        'svc_add_media_from_url',
        'svc_get_post_status',
        'svc_get_tiktok_posting_options',
        'svc_list_connected_social_accounts',
        'svc_list_profiles',
        'svc_schedule_post',
        'svc_validate_post_policy',
      ]),
    );
    for (const tool of list.result.tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(tool.inputSchema.$schema, tool.name).toBeUndefined();
      expect(Object.keys(tool.annotations)).toEqual(
        expect.arrayContaining(['readOnlyHint', 'destructiveHint', 'idempotentHint']),
      );
    }
    const resources = await readJson(await app.rpc({ jsonrpc: '2.0', id: 4, method: 'resources/list' }));
    expect(resources.result).toEqual({ resources: [] });
    const prompts = await readJson(await app.rpc({ jsonrpc: '2.0', id: 5, method: 'prompts/list' }));
    expect(prompts.result).toEqual({ prompts: [] });
  });

  it('takes a logging level, and finds no resource and no prompt, as the capabilities it declares promise', async () => {
    const init = await readJson(await app.rpc(initialize('2025-11-25')));
    expect(init.result.capabilities).toEqual({
      tools: { listChanged: false },
      resources: {},
      prompts: {},
      logging: {},
    });
    const rpc = async (method: string, params: Record<string, unknown>) =>
      readJson(await app.rpc({ jsonrpc: '2.0', id: 3, method, params }));
    expect(await rpc('logging/setLevel', { level: 'debug' })).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect((await rpc('logging/setLevel', { level: 'loud' })).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('debug, info, notice, warning, error, critical, alert, emergency'),
    });
    expect((await rpc('resources/read', { uri: 'svc://nothing' })).error).toEqual({
      code: -32002,
      message: 'Resource not found: svc://nothing',
      data: { uri: 'svc://nothing' },
    });
    expect((await rpc('prompts/get', { name: 'nothing' })).error).toEqual({
      code: -32602,
      message: 'Unknown prompt: nothing',
    });
    // Subscriptions and completions are not declared, so they are unknown methods.
    for (const method of ['resources/subscribe', 'completion/complete']) {
      expect((await rpc(method, {})).error.code, method).toBe(-32601);
    }
  });

  it('answers notifications with 202 and no body', async () => {
    const res = await app.rpc({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });

  it('refuses GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${app.url}/api/mcp`, { method, headers: { Accept: ACCEPT } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await readJson(res)).error.code).toBe(-32000);
    }
  });

  it('needs Accept: application/json, text/event-stream (406 with a JSON-RPC error)', async () => {
    for (const accept of ['application/json', 'text/event-stream', '*/*']) {
      const res = await app.rpc(initialize('2025-11-25'), { headers: { Accept: accept } });
      expect(res.status, accept).toBe(406);
      const body = await readJson(res);
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400, including revisions the SDK knows', async () => {
    for (const version of ['2024-11-05', 'nonsense']) {
      const res = await app.rpc(
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { headers: { 'MCP-Protocol-Version': version } },
      );
      expect(res.status, version).toBe(400);
      expect((await readJson(res)).error.message).toContain('2025-11-25, 2025-06-18, 2025-03-26');
    }
    const ok = await app.rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { headers: { 'MCP-Protocol-Version': '2025-06-18' } },
    );
    expect(ok.status).toBe(200);
  });

  it('refuses bodies over 1 MB with 413 and invalid JSON with a parse error', async () => {
    const big = JSON.stringify({ ...call('svc_validate_post_policy'), pad: 'x'.repeat(1024 * 1024) });
    const res = await app.rpc(big);
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.data).toEqual({ code: 'payload_too_large' });
    const bad = await app.rpc('{not json');
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.code).toBe(-32700);
  });

  it('answers a tools/call without credentials with 401 and the exact Bearer challenge', async () => {
    const res = await app.rpc(call('svc_list_profiles'));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="Tool calls need credentials: send 'Authorization: Bearer <API key or OAuth access token>'.", ${CHALLENGE_TAIL}`,
    );
    expect(await readJson(res)).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { data: { code: 'missing_api_key' } },
    });

    const wrong = await app.rpc(call('svc_list_profiles'), { key: 'svc_live_nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", error_description="/,
    );
    expect(wrong.headers.get('www-authenticate')).toContain(CHALLENGE_TAIL);
    expect((await readJson(wrong)).error.data.code).toBe('invalid_api_key');
  });

  it('serves the protected-resource metadata the challenge points to', async () => {
    const res = await fetch(`${app.url}/.well-known/oauth-protected-resource/api/mcp`);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({
      resource: 'http://localhost:3000/api/mcp',
      authorization_servers: ['http://localhost:3000'],
      scopes_supported: ['profile', 'mcp:read', 'mcp:write'],
      bearer_methods_supported: ['header'],
    });
  });

  it('answers a key in the URL query without a header with 401 missing_api_key and the challenge', async () => {
    const { key } = await app.userWithKey();
    for (const query of [`api_key=${key}`, 'token=abc', `q=${encodeURIComponent(key)}`]) {
      // Any method: the key leaked whatever the request was for.
      for (const body of [call('svc_list_profiles'), { jsonrpc: '2.0', id: 7, method: 'ping' }]) {
        const res = await app.rpc(body, { path: `/api/mcp?${query}` });
        expect(res.status, query).toBe(401);
        const challenge = res.headers.get('www-authenticate') ?? '';
        expect(challenge).toMatch(
          /^Bearer error="invalid_token", error_description="A key or token was seen/,
        );
        expect(challenge).toContain(CHALLENGE_TAIL);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({
          jsonrpc: '2.0',
          error: {
            code: -32001,
            message: expect.stringMatching(/seen in the URL, and keys are never accepted there.*revoke/),
            data: { code: 'missing_api_key' },
          },
        });
        expect(text + challenge).not.toContain(key.split('.')[1]);
      }
    }
    expect(JSON.stringify(app.logs)).not.toContain(key.split('.')[1]);
  });

  it('refuses a key in the URL query beside a header with 400 api_key_in_url and invalid_request', async () => {
    const { key } = await app.userWithKey();
    const res = await app.rpc(call('svc_list_profiles'), { key, path: `/api/mcp?api_key=${key}` });
    expect(res.status).toBe(400);
    expect(res.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_request", error_description="A key or token was seen in the URL as well as in the Authorization header\. .*revoke the key you put in the URL.*", resource_metadata="http:\/\/localhost:3000\/\.well-known\/oauth-protected-resource\/api\/mcp"$/,
    );
    const body = await readJson(res);
    expect(body.error).toMatchObject({ code: -32600, data: { code: 'api_key_in_url' } });
    expect(JSON.stringify(body)).not.toContain(key.split('.')[1]);
    expect(JSON.stringify(app.logs)).not.toContain(key.split('.')[1]);
  });

  it('answers 403 plan_required to tool calls after a trial ended without a plan', async () => {
    const { key } = await app.userWithKey({ plan: 'expired' });
    const res = await app.rpc(call('svc_list_profiles'), { key });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.data.code).toBe('plan_required');
    // Listing tools stays open, so an agent can still discover what it would get.
    expect((await app.rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { key })).status).toBe(200);
  });

  it('answers batches in order, and refuses malformed messages, unknown methods and non-JSON bodies', async () => {
    const batch = await readJson(
      await app.rpc([
        { jsonrpc: '2.0', id: 'a', method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'prompts/list' },
      ]),
    );
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 'a', result: {} },
      { jsonrpc: '2.0', id: 'b', result: { prompts: [] } },
    ]);
    const unknown = await readJson(await app.rpc({ jsonrpc: '2.0', id: 9, method: 'sampling/nothing' }));
    expect(unknown).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32601, message: 'Method not found: sampling/nothing' },
    });
    for (const body of [
      { id: 1, method: 'ping' },
      [],
      [initialize('2025-11-25'), { jsonrpc: '2.0', id: 2, method: 'ping' }],
    ]) {
      const res = await app.rpc(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(res)).error.code).toBe(-32600);
    }
    const text = await app.rpc(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { headers: { 'Content-Type': 'text/plain' } },
    );
    expect(text.status).toBe(415);
  });

  it('answers an unknown tool with a JSON-RPC invalid-params error', async () => {
    const { key } = await app.userWithKey();
    const body = await readJson(await app.rpc(call('svc_no_such_tool'), { key }));
    expect(body.error.code).toBe(-32602);
  });
});

describe('/api/mcp DNS-rebinding protection', () => {
  let app: McpTestApp;
  beforeEach(async () => {
    app = await startMcpTestApp({ baseUrl: 'https://svc.example' });
  });
  afterEach(() => app.close());

  const post = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        `${app.url}/api/mcp`,
        {
          method: 'POST',
          headers: { Accept: ACCEPT, 'Content-Type': 'application/json', ...headers },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.once('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });

  it('serves only the Host and Origin of SVC_BASE_URL', async () => {
    expect(await post({ Host: 'svc.example' })).toBe(200);
    expect(await post({ Host: 'svc.example', Origin: 'https://svc.example' })).toBe(200);
    expect(await post({ Host: '127.0.0.1' })).toBe(403);
    expect(await post({ Host: 'evil.example' })).toBe(403);
    expect(await post({ Host: 'svc.example', Origin: 'https://evil.example' })).toBe(403);
  });
});
