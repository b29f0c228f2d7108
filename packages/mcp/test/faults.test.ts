import { StoreUnavailableError } from '@svc/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type McpTestApp, readJson, refusalOf, startMcpTestApp } from './mcp-test-app.js';

const call = (id: number, name = 'svc_list_profiles') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

// One decision (answerFault) for what a fault is answered with; where it happens decides the form.
describe('/api/mcp faults', () => {
  let app: McpTestApp;
  let key: string;
  beforeEach(async () => {
    app = await startMcpTestApp();
    ({ key } = await app.userWithKey());
  });
  afterEach(() => app.close());

  const failKeyLookup = (fault: Error) => {
    app.core.store.apiKeys.getApiKeyWithOwner = () => Promise.reject(fault);
  };
  const failAccountList = (fault: Error) => {
    app.core.store.accounts.listActiveAccounts = () => Promise.reject(fault);
  };

  it('a database away while authenticating is 503 database_unavailable with Retry-After', async () => {
    failKeyLookup(new StoreUnavailableError('connection refused'));
    const res = await app.rpc(call(1), { key });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await readJson(res)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: expect.stringContaining('database is unreachable'),
        data: { code: 'database_unavailable' },
      },
    });
    expect(app.logs.filter((l) => l.level !== 'info').map((l) => [l.level, l.message])).toEqual([
      ['warn', 'database unavailable'],
    ]);
  });

  it('a database away inside a tool call is that call’s database_unavailable result; the batch goes on', async () => {
    failAccountList(new StoreUnavailableError('connection reset'));
    const res = await app.rpc([call(1), { jsonrpc: '2.0', id: 2, method: 'ping' }], { key });
    expect(res.status).toBe(200);
    const [tool, ping] = await readJson(res);
    expect(refusalOf(tool.result)).toEqual({
      error: expect.stringContaining('database is unreachable'),
      code: 'database_unavailable',
    });
    expect(ping).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(app.faults).toEqual([]);
  });

  it('an unexpected fault is internal_error, 500 outside a tool and a result inside one, logged without the key', async () => {
    failAccountList(new Error(`tool broke near ${key}`));
    const inTool = await readJson(await app.rpc(call(1), { key }));
    expect(refusalOf(inTool.result)).toEqual({ error: expect.any(String), code: 'internal_error' });

    failKeyLookup(new Error(`lookup broke near ${key}`));
    const outside = await app.rpc(call(2), { key });
    expect(outside.status).toBe(500);
    expect((await readJson(outside)).error).toEqual({
      code: -32603,
      message: 'Something went wrong on our side. Try again.',
      data: { code: 'internal_error' },
    });

    const errors = app.logs.filter((l) => l.level === 'error');
    expect(errors.map((l) => l.fields)).toEqual([
      { tool: 'svc_list_profiles', fault: { name: 'Error', message: 'tool broke near [redacted key]' } },
      { path: '/api/mcp', fault: { name: 'Error', message: 'lookup broke near [redacted key]' } },
    ]);
    expect(JSON.stringify(app.logs)).not.toContain(key);
  });
});
