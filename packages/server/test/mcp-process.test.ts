import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const rpc = async (server: ServerProcess, body: unknown, key?: string) => {
  const res = await fetch(`${server.url}/api/mcp`, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

describe('svc serve: the agent-tool endpoint', () => {
  it('serves /api/mcp with API keys as Bearer tokens, over the same data as REST', async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    const server = await startServerProcess(env);
    running.push(server);
    await svcProcess(['users', 'create', '--email', 'agent@example.com', '--plan', 'paid'], env);
    const account = await svcProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        'agent@example.com',
        '--platform',
        'threads',
        '--handle',
        'bot',
      ],
      env,
    );
    const key = (
      await svcProcess(['keys', 'create', '--email', 'agent@example.com', '--scopes', 'svc:*'], env)
    ).json.key as string;

    const init = await rpc(server, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.body.result.protocolVersion).toBe('2025-06-18');

    const call = (name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const anonymous = await rpc(server, call('svc_list_profiles', {}));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(
      /^Bearer error="invalid_token", .*\/\.well-known\/oauth-protected-resource\/api\/mcp"/,
    );

    const scheduled = await rpc(
      server,
      call('svc_schedule_post', { caption: 'From an agent', platforms: ['threads'] }),
      key,
    );
    expect(scheduled.body.result.structuredContent).toMatchObject({
      scheduled: true,
      targets: [{ profileId: account.json.id, platform: 'threads' }],
    });
    const postId = scheduled.body.result.structuredContent.postIds[0];
    const rest = await fetch(`${server.url}/api/v1/posts/${postId}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(((await rest.json()) as { caption: string }).caption).toBe('From an agent');
    const status = await rpc(server, call('svc_get_post_status', { post_id: postId }), key);
    expect(status.body.result.structuredContent).toMatchObject({ id: postId, status: 'scheduled' });

    // The tool endpoint is in the access log like REST, with the request id it answered with.
    const requestId = anonymous.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mcpLines = () => server.logs.filter((l) => l.msg === 'request' && l.path === '/api/mcp');
    // Lines are written once each response is done, and arrive through the process's stdout.
    for (let i = 0; i < 50 && mcpLines().length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    const lines = mcpLines();
    expect(lines.find((l) => l.requestId === requestId)).toMatchObject({ method: 'POST', status: 401 });
    expect(lines.map((l) => l.status)).toEqual([200, 401, 200, 200]);
    expect(JSON.stringify(lines)).not.toContain(key.split('.')[1]);

    // A key in the URL is refused (401 without a header, 400 beside one) and never logged.
    const inUrl = (auth?: string) =>
      fetch(`${server.url}/api/mcp?api_key=${key}`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          ...(auth === undefined ? {} : { Authorization: `Bearer ${auth}` }),
        },
        body: JSON.stringify(call('svc_list_profiles', {})),
      });
    expect((await inUrl()).status).toBe(401);
    expect((await inUrl(key)).status).toBe(400);
    for (let i = 0; i < 50 && mcpLines().length < 6; i++) await new Promise((r) => setTimeout(r, 20));
    expect(mcpLines().map((l) => l.status)).toEqual([200, 401, 200, 200, 401, 400]);
    expect(JSON.stringify(server.logs)).not.toContain(key.split('.')[1]);
  });
});
