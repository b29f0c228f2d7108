import { join } from 'node:path';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

async function serve(dir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ SVC_DATA_DIR: dir });
  running.push(server);
  return server;
}

/** A user, a key with `scopes` and a sandbox account per platform, all made with the real CLI. */
async function seed(
  dir: string,
  email: string,
  options: { plan?: string; scopes?: string; platforms?: string[] } = {},
) {
  const env = { SVC_DATA_DIR: dir };
  const user = await svcProcess(['users', 'create', '--email', email, '--plan', options.plan ?? 'paid'], env);
  expect(user.code, user.stderr).toBe(0);
  const accounts: Record<string, string> = {};
  for (const platform of options.platforms ?? ['threads', 'instagram']) {
    const account = await svcProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        email,
        '--platform',
        platform,
        '--handle',
        `${platform}-demo`,
      ],
      env,
    );
    accounts[platform] = account.json.id;
  }
  const key = await svcProcess(
    ['keys', 'create', '--email', email, '--scopes', options.scopes ?? 'post:write,post:read,account:read'],
    env,
  );
  expect(key.code, key.stderr).toBe(0);
  return {
    userId: user.json.id as string,
    key: key.json.key as string,
    keyId: key.json.id as string,
    accounts,
  };
}

const call = async (
  server: ServerProcess,
  path: string,
  init: RequestInit & { key?: string; json?: unknown } = {},
) => {
  const { key, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== undefined) headers.set('Authorization', `Bearer ${key}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const res = await fetch(`${server.url}${path}`, {
    ...rest,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers };
};

describe('the svc serve process', () => {
  it('serves every endpoint over HTTP with every error code it can return', async () => {
    const dir = dataDir();
    const server = await serve(dir);
    const { key, keyId, accounts } = await seed(dir, 'ann@example.com');
    const reader = await seed(dir, 'reader@example.com', { scopes: 'post:read' });
    const expired = await seed(dir, 'late@example.com', { plan: 'expired' });
    const trial = await seed(dir, 'trial@example.com', { plan: 'trial', platforms: ['threads'] });
    const limited = await svcProcess(
      [
        'keys',
        'create',
        '--email',
        'ann@example.com',
        '--scopes',
        '*',
        '--accounts',
        accounts.instagram ?? '',
      ],
      { SVC_DATA_DIR: dir },
    );

    // An operator shutting a user out: no command does it yet, so write the flag as a tool would.
    const store = openSqliteStore({ path: join(dir, 'svc.db') });
    const shutOutId = `user_${'0'.repeat(25)}1`;
    await store.users.insertUser({
      id: shutOutId,
      email: 'off@example.com',
      plan: { kind: 'paid' },
      betaTester: false,
      apiAccessDisabled: true,
      timeZone: 'UTC',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await store.close();
    const shutOut = await svcProcess(['keys', 'create', '--email', 'off@example.com', '--scopes', '*'], {
      SVC_DATA_DIR: dir,
    });

    expect(await call(server, '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok' },
    });

    // GET /api/v1/connections
    const connections = await call(server, '/api/v1/connections', { key });
    expect(connections).toMatchObject({ status: 200, body: { count: 2 } });
    expect(connections.body.accounts.map((a: { platform: string }) => a.platform).sort()).toEqual([
      'instagram',
      'threads',
    ]);
    const authCases: [RequestInit & { key?: string }, number, string][] = [
      [{}, 401, 'missing_api_key'],
      [{ headers: { Authorization: 'Token abc' } }, 401, 'missing_api_key'],
      [{ key: 'svc_key_forged' }, 401, 'invalid_api_key'],
      [{ key: reader.key }, 403, 'insufficient_scope'],
      [{ key: shutOut.json.key }, 403, 'api_access_disabled'],
    ];
    for (const [init, status, code] of authCases) {
      expect(await call(server, '/api/v1/connections', init), code).toMatchObject({ status, body: { code } });
    }
    // A key in the URL is never read: alone it is no credential (401), beside a header a second one (400).
    expect(await call(server, `/api/v1/connections?api_key=${key}`)).toMatchObject({
      status: 401,
      body: { code: 'missing_api_key' },
    });
    expect(await call(server, `/api/v1/connections?api_key=${key}`, { key })).toMatchObject({
      status: 400,
      body: { code: 'api_key_in_url' },
    });

    // POST /api/v1/posts, /posts/schedule, /publish
    const threadsPost = { platforms: ['threads'], caption: 'Hello', scheduledTime: '2030-01-01T09:00:00Z' };
    const created = await call(server, '/api/v1/posts', {
      method: 'POST',
      key,
      json: { ...threadsPost, externalId: 'ext-1' },
    });
    expect(created).toMatchObject({
      status: 200,
      body: {
        status: 'scheduled',
        scheduledTime: '2030-01-01T09:00:00.000Z',
        postIds: [expect.stringMatching(/^post_/)],
      },
    });
    // The same caption to the same account within 48 hours is a repeat, unless asked for.
    expect(
      await call(server, '/api/v1/posts/schedule', { method: 'POST', key, json: threadsPost }),
    ).toMatchObject({
      status: 409,
      body: { code: 'duplicate_content', details: { duplicateOf: created.body.postIds[0] } },
    });
    expect(
      (
        await call(server, '/api/v1/posts/schedule', {
          method: 'POST',
          key,
          json: { ...threadsPost, allowDuplicate: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server, '/api/v1/publish', {
          method: 'POST',
          key,
          json: { platforms: ['threads'], caption: 'Now' },
        })
      ).status,
    ).toBe(200);
    expect(
      await call(server, '/api/v1/posts', {
        method: 'POST',
        key,
        json: { ...threadsPost, externalId: 'ext-1' },
      }),
    ).toMatchObject({
      status: 200,
      body: { postIds: created.body.postIds, replayed: true },
    });
    const postCases: [unknown, number, string, string?][] = [
      [{ caption: 'x' }, 400, 'missing_platforms'],
      [{ platforms: ['friendster'], caption: 'x' }, 400, 'unsupported_platform'],
      [{ ...threadsPost, scheduledTime: '01/02/2030' }, 400, 'invalid_scheduled_time'],
      [{ ...threadsPost, scheduledTime: '2020-01-01T00:00:00Z' }, 400, 'scheduled_time_in_past'],
      [{ platforms: ['threads'] }, 400, 'missing_content'],
      [{ platforms: ['instagram'], caption: 'x' }, 400, 'media_required'],
      [{ platforms: ['youtube'], caption: 'x' }, 400, 'title_required'],
      [{ ...threadsPost, profileIds: ['acct_nope'] }, 400, 'invalid_profile_ids'],
      [{ ...threadsPost, profileIds: [accounts.threads] }, 403, 'profile_scope_denied', limited.json.key],
      [
        {
          platforms: ['tiktok'],
          caption: 'x',
          title: 't',
          mediaUrls: ['https://a.example/v.mp4'],
          platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
        },
        400,
        'no_connected_account',
      ],
      [{ ...threadsPost, mediaId: 'media_nope' }, 400, 'media_not_found'],
      [{ ...threadsPost, mediaId: 'm', mediaIds: ['n'] }, 400, 'ambiguous_media'],
      [{ ...threadsPost, externalId: 'ext-1', caption: 'other' }, 409, 'idempotency_conflict'],
      [{ ...threadsPost, schedule: 'typo' }, 400, 'validation_failed'],
      [threadsPost, 403, 'insufficient_scope', reader.key],
      [threadsPost, 403, 'plan_required', expired.key],
    ];
    for (const [json, status, code, as] of postCases) {
      expect(
        await call(server, '/api/v1/posts', { method: 'POST', key: as ?? key, json }),
        code,
      ).toMatchObject({ status, body: { code } });
    }
    expect(
      await call(server, '/api/v1/posts/schedule', {
        method: 'POST',
        key,
        json: { platforms: ['threads'], caption: 'x' },
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'invalid_scheduled_time' },
    });
    const raw = (body: string, type: string) =>
      call(server, '/api/v1/posts', { method: 'POST', key, body, headers: { 'Content-Type': type } });
    expect(await raw('{"platforms":', 'application/json')).toMatchObject({
      status: 400,
      body: { code: 'invalid_json' },
    });
    expect(await raw('caption=x', 'text/plain')).toMatchObject({
      status: 415,
      body: { code: 'unsupported_content_type' },
    });
    expect(await raw(JSON.stringify({ caption: 'x'.repeat(600_000) }), 'application/json')).toMatchObject({
      status: 413,
      body: { code: 'payload_too_large' },
    });
    for (let i = 0; i < 100; i++) {
      const json = { ...threadsPost, caption: `Post ${i}` };
      await call(server, '/api/v1/posts', { method: 'POST', key: trial.key, json });
    }
    expect(
      await call(server, '/api/v1/posts', { method: 'POST', key: trial.key, json: threadsPost }),
    ).toMatchObject({ status: 403, body: { code: 'quota_exceeded' } });

    // GET /api/v1/posts/{id}
    const id = created.body.postIds[0];
    expect(await call(server, `/api/v1/posts/${id}`, { key })).toMatchObject({
      status: 200,
      body: {
        id,
        status: 'scheduled',
        caption: 'Hello',
        platforms: ['threads'],
        profileIds: [accounts.threads],
        externalId: 'ext-1',
        publishedAt: null,
      },
    });
    expect(await call(server, '/api/v1/posts/post_missing', { key })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(await call(server, `/api/v1/posts/${id}`, { key: reader.key })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });
    expect(await call(server, `/api/v1/posts/${id}`, { key: limited.json.key })).toMatchObject({
      status: 404,
      body: { code: 'post_not_found' },
    });

    // Transport
    expect(await call(server, '/api/v2/anything')).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const wrongMethod = await call(server, '/api/v1/posts', { method: 'PUT', key });
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');

    // Revocation takes effect at once, for a server that is already running.
    await svcProcess(['keys', 'revoke', keyId], { SVC_DATA_DIR: dir });
    expect(await call(server, '/api/v1/connections', { key })).toMatchObject({
      status: 401,
      body: { code: 'invalid_api_key' },
    });

    const stopped = await server.stop();
    expect(stopped).toEqual({ code: 0, signal: null });
    const logText = JSON.stringify(server.logs);
    expect(logText).not.toContain(key.split('.')[1]);
    expect(server.logs.filter((l) => l.msg === 'request').length).toBeGreaterThan(100);
  }, 90_000); // about twenty `svc` processes start in this test

  it('keeps everything across a SIGTERM and a restart', async () => {
    const dir = dataDir();
    const first = await serve(dir);
    const { key } = await seed(dir, 'ann@example.com');
    const created = await call(first, '/api/v1/posts', {
      method: 'POST',
      key,
      json: { platforms: ['threads'], caption: 'Survives restarts', scheduledTime: '2030-01-01T09:00:00Z' },
    });
    const before = await call(first, `/api/v1/posts/${created.body.postIds[0]}`, { key });
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(first.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));

    const second = await serve(dir);
    expect(await call(second, `/api/v1/posts/${created.body.postIds[0]}`, { key })).toEqual({
      ...before,
      headers: expect.anything(),
    });
    expect(await second.stop('SIGINT')).toEqual({ code: 0, signal: null });
  });

  it('refuses to start on invalid configuration with one line naming the variable', async () => {
    const outcome = await svcProcess(['serve'], { SVC_DATA_DIR: dataDir(), PORT: '99999' });
    expect(outcome).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'svc: Invalid configuration: PORT must be a port number from 0 to 65535\n',
    });
  });
});
