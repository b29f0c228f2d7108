import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, type Store } from '@svc/core';
import { aUser, createMemoryStore } from '@svc/core/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/index.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => {
  await app.close();
});

const bodyOf = async (res: Response) => ({ status: res.status, body: await readJson(res) });

describe('health', () => {
  it('answers 200 without a key while the database answers', async () => {
    const res = await app.fetch('/api/health');
    expect(await bodyOf(res)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', version: '0.0.0-test' },
    });
  });

  it('answers 503 when the database does not', async () => {
    const broken: Store = { ...createMemoryStore(), ping: () => Promise.reject(new Error('disk gone')) };
    const other = await startTestApp({ store: broken });
    try {
      const res = await other.fetch('/api/health');
      expect(await bodyOf(res)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', database: 'unreachable' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a Basic header', { headers: { Authorization: 'Basic dXNlcjpwdw==' } }],
    ['an empty Bearer', { headers: { Authorization: 'Bearer ' } }],
  ])('missing_api_key (401) for %s', async (_, init) => {
    const res = await app.fetch('/api/v1/connections', init);
    expect(await bodyOf(res)).toMatchObject({ status: 401, body: { code: 'missing_api_key' } });
  });

  it('invalid_api_key (401) for a made-up, a malformed and a revoked key', async () => {
    const { user, key } = await app.userWithKey();
    const other = await app.keyFor(user);
    const keyId = other.slice(4, other.indexOf('.'));
    await app.store.apiKeys.revokeApiKey(keyId, app.clock.now());
    for (const bad of ['svc_nope', `${key.slice(0, -3)}abc`, other]) {
      expect(await bodyOf(await app.fetch('/api/v1/connections', { key: bad }))).toMatchObject({
        status: 401,
        body: { code: 'invalid_api_key' },
      });
    }
  });

  it('api_access_disabled (403) for a user an operator shut out', async () => {
    const user = aUser({ apiAccessDisabled: true });
    await app.store.users.insertUser(user);
    const key = await app.keyFor(user);
    expect(await bodyOf(await app.fetch('/api/v1/connections', { key }))).toMatchObject({
      status: 403,
      body: { code: 'api_access_disabled' },
    });
  });

  it('insufficient_scope (403) names the scope that is missing', async () => {
    const { key } = await app.userWithKey({ scopes: ['post:read'] });
    const res = await bodyOf(await app.fetch('/api/v1/connections', { key }));
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope', details: { requiredScope: 'account:read' } },
    });
  });

  it.each(['?api_key=KEY', '?token=KEY', '?access_token=x', '?q=KEY'])(
    'refuses a key in the query string (%s) without a header: 401 missing_api_key, saying why',
    async (query) => {
      const { key } = await app.userWithKey();
      const res = await app.fetch(`/api/v1/connections${query.replace('KEY', encodeURIComponent(key))}`);
      const { status, body } = await bodyOf(res);
      expect({ status, code: body.code }).toEqual({ status: 401, code: 'missing_api_key' });
      expect(body.error).toMatch(/seen in the URL, and keys are never accepted there.*revoke the key/);
      expect(JSON.stringify(body)).not.toContain(key.split('.')[1]);
    },
  );

  it.each(['?api_key=KEY', '?token=KEY', '?access_token=x', '?q=KEY'])(
    'refuses a key in the query string (%s) beside a valid header: 400 api_key_in_url (RFC 6750)',
    async (query) => {
      const { key } = await app.userWithKey();
      const res = await app.fetch(`/api/v1/connections${query.replace('KEY', encodeURIComponent(key))}`, {
        key,
      });
      const { status, body } = await bodyOf(res);
      expect({ status, code: body.code }).toEqual({ status: 400, code: 'api_key_in_url' });
      expect(body.error).toMatch(/never accepted in the URL.*revoke the key you put in the URL/);
    },
  );

  it('never writes keys or headers to the logs, and logs the credential id and request id', async () => {
    const { key } = await app.userWithKey();
    await app.fetch('/api/v1/connections', { key, headers: { 'X-Request-Id': 'req-123' } });
    await app.fetch(`/api/v1/connections?api_key=${key}`);
    await app.fetch(`/api/v1/connections?q=${encodeURIComponent(key)}`, { key });
    const text = JSON.stringify(app.logs);
    expect(text).not.toContain(key.split('.')[1]);
    expect(text).not.toMatch(/authorization/i);
    const line = app.logs.find((l) => l.fields.requestId === 'req-123');
    expect(line?.fields).toMatchObject({ method: 'GET', path: '/api/v1/connections', status: 200 });
    expect(line?.fields.credentialId).toMatch(/^key_/);
  });
});

describe('transport', () => {
  it('echoes a sane X-Request-Id and invents one otherwise', async () => {
    expect(
      (await app.fetch('/api/health', { headers: { 'X-Request-Id': 'abc-1' } })).headers.get('x-request-id'),
    ).toBe('abc-1');
    const invented = (
      await app.fetch('/api/health', { headers: { 'X-Request-Id': 'bad id with spaces' } })
    ).headers.get('x-request-id');
    expect(invented).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown paths with not_found (404) and wrong methods with method_not_allowed (405)', async () => {
    expect(await bodyOf(await app.fetch('/api/v1/nothing-here'))).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const { key } = await app.userWithKey();
    const res = await app.fetch('/api/v1/connections', { method: 'DELETE', key });
    expect(res.headers.get('allow')).toContain('GET');
    expect(await bodyOf(res)).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
  });

  it('matches no route with an empty path parameter: a trailing slash names no post or webhook', async () => {
    const { key } = await app.userWithKey();
    for (const [method, path] of [
      ['GET', '/api/v1/posts/'],
      ['DELETE', '/api/v1/posts/'],
      ['DELETE', '/api/v1/webhooks/'],
      ['POST', '/api/v1/webhooks//rotate-secret'],
    ] as const) {
      const res = await app.fetch(path, { method, key });
      expect(res.headers.get('allow')).toBeNull();
      expect(await bodyOf(res)).toEqual({
        status: 404,
        body: { error: `No endpoint ${method} ${path}.`, code: 'not_found' },
      });
    }
    // The same paths with an id still reach their routes.
    expect(await bodyOf(await app.fetch('/api/v1/posts/post_missing', { key }))).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
  });

  it('turns an unexpected fault into a bare internal_error (500), logged with the request id', async () => {
    const store = createMemoryStore();
    const faulty: Store = {
      ...store,
      accounts: {
        ...store.accounts,
        listActiveAccounts: () =>
          Promise.reject(new Error(`db exploded near svc_key_${'A'.repeat(26)}.${'b'.repeat(43)}`)),
      },
    };
    const other = await startTestApp({ store: faulty });
    try {
      const { key } = await other.userWithKey();
      const res = await other.fetch('/api/v1/connections', { key, headers: { 'X-Request-Id': 'boom-1' } });
      const body = await readJson(res);
      expect(res.status).toBe(500);
      expect(body).toEqual({ error: expect.any(String), code: 'internal_error' });
      expect(JSON.stringify(body)).not.toMatch(/exploded|at .*\.ts/);
      const logged = other.logs.find((l) => l.level === 'error');
      expect(logged?.fields).toMatchObject({
        requestId: 'boom-1',
        fault: { name: 'Error', message: expect.stringContaining('[redacted key]') },
      });
      expect(JSON.stringify(logged)).not.toContain('b'.repeat(43));
      expect(JSON.stringify(logged)).not.toContain('stack');
    } finally {
      await other.close();
    }
  });

  it('marks responses uncacheable', async () => {
    const res = await app.fetch('/api/health');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('error statuses', () => {
  it('are the ones docs/errors.md states, for every code', () => {
    const docs = readFileSync(join(import.meta.dirname, '../../../docs/errors.md'), 'utf8');
    const documented = new Map<string, number>();
    for (const m of docs.matchAll(/^\| `([a-z_]+)`\s*\|\s*(\d{3})\s*\|/gm))
      documented.set(m[1] ?? '', Number(m[2]));
    // Policy codes are listed in a table of their own, all 400.
    for (const m of docs.split('### Content-policy codes')[1]?.matchAll(/^\| `([a-z_]+)`\s*\|/gm) ?? []) {
      documented.set(m[1] ?? '', 400);
    }
    expect(Object.fromEntries(documented)).toEqual(
      Object.fromEntries(ERROR_CODES.map((c) => [c, ERROR_STATUS[c]])),
    );
  });
});
