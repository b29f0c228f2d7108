import { POSTGRES_MIGRATIONS } from '@svc/store-postgres';
import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  startServerProcess,
  svcInProcess,
  svcProcess,
  useDataDirs,
} from './support.js';

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

await describePostgres('svc on PostgreSQL (DATABASE_URL)', (db) => {
  it('migrates once, then serves and publishes from the database the CLI wrote to', async () => {
    const env = { SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url() };
    expect((await svcInProcess(['migrate'], env)).json).toEqual({
      applied: POSTGRES_MIGRATIONS.map((m) => m.id),
    });
    expect((await svcInProcess(['migrate'], env)).json).toEqual({ applied: [] });

    const user = await svcInProcess(['users', 'create', '--email', 'pg@example.com', '--plan', 'paid'], env);
    expect(user.code, user.stderr).toBe(0);
    const account = await svcInProcess(
      ['accounts', 'connect-sandbox', '--email', 'pg@example.com', '--platform', 'threads', '--handle', 'pg'],
      env,
    );
    expect(account.code, account.stderr).toBe(0);
    const key = await svcInProcess(['keys', 'create', '--email', 'pg@example.com', '--scopes', '*'], env);
    expect(key.code, key.stderr).toBe(0);

    // The sandbox platforms answer at SVC_BASE_URL, so the server needs its port up front.
    const port = await freePort();
    const server = await startServerProcess({
      ...env,
      PORT: String(port),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_PUBLISHER_INTERVAL_MS: '1000',
    });
    running.push(server);
    const send = (path: string, json: unknown) =>
      fetch(`${server.url}/api/v1/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key.json.key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { postIds: string[] } }));
    const later = {
      platforms: ['threads'],
      caption: 'Later, from PostgreSQL',
      scheduledTime: '2030-01-01T09:00:00Z',
      externalId: 'pg-1',
    };
    const scheduled = await send('posts', later);
    expect(scheduled).toMatchObject({ status: 200, body: { postIds: [expect.stringMatching(/^post_/)] } });
    expect(await send('posts', later)).toMatchObject({
      body: { postIds: scheduled.body.postIds, replayed: true },
    });
    const created = await send('publish', {
      platforms: ['threads'],
      profileIds: [account.json.id],
      caption: 'Now, from PostgreSQL',
    });
    expect(created.status).toBe(200);

    // The in-process publisher claims it from PostgreSQL and publishes it to the sandbox.
    const postId = created.body.postIds[0] as string;
    let status = '';
    for (let i = 0; i < 100 && status !== 'posted'; i += 1) {
      const res = await fetch(`${server.url}/api/v1/posts/${postId}`, {
        headers: { Authorization: `Bearer ${key.json.key}` },
      });
      status = ((await res.json()) as { status: string }).status;
      if (status !== 'posted') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status, JSON.stringify(server.logs.filter((l) => l.msg !== 'request'))).toBe('posted');
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    // The CLI reads the same database afterwards.
    const keys = await svcProcess(['keys', 'list', '--email', 'pg@example.com'], env);
    expect(keys.json.keys).toHaveLength(1);
  });

  it('with SVC_MIGRATE_ON_START=off, refuses to start until `svc migrate` has run', async () => {
    // A schema of its own: this test's migrations must not be found already applied.
    const { options } = await db.freshSchema();
    const url = new URL(db.url());
    url.searchParams.set('options', String(options));
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: url.toString(),
      SVC_MIGRATE_ON_START: 'off',
      SVC_PUBLISHER: 'off',
    };
    await expect(startServerProcess(env)).rejects.toThrow(/needs migrations first: 0001_initial/);
    expect((await svcInProcess(['migrate'], env)).json.applied).toContain('0001_initial');
    const server = await startServerProcess(env);
    running.push(server);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
