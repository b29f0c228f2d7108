import { type ChildProcess, spawn } from 'node:child_process';
import { describePostgres, waitForPostsDueListener } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import {
  freePort,
  type ServerProcess,
  SVC_BIN,
  startServerProcess,
  svcInProcess,
  useDataDirs,
} from './support.js';

// An API server and a separate `svc publisher` on one PostgreSQL database: a post created on the
// server must wake the idle publisher through LISTEN/NOTIFY, long before its 60 s interval ends.

const dataDir = useDataDirs();
const servers: ServerProcess[] = [];
const publishers: ChildProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
  for (const child of publishers.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

await describePostgres('publishers in other processes on PostgreSQL', (db) => {
  it('wakes an idle `svc publisher` process when the API server creates a due post', async () => {
    const port = await freePort();
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: db.url(),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_PUBLISHER_INTERVAL_MS: '60000',
    };
    const user = await svcInProcess(
      ['users', 'create', '--email', 'wake@example.com', '--plan', 'paid'],
      env,
    );
    expect(user.code, user.stderr).toBe(0);
    const account = await svcInProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        'wake@example.com',
        '--platform',
        'threads',
        '--handle',
        'wake',
      ],
      env,
    );
    expect(account.code, account.stderr).toBe(0);
    const key = await svcInProcess(['keys', 'create', '--email', 'wake@example.com', '--scopes', '*'], env);
    expect(key.code, key.stderr).toBe(0);

    // The API server serves the sandbox platforms but publishes nothing itself.
    const server = await startServerProcess({ ...env, PORT: String(port), SVC_PUBLISHER: 'off' });
    servers.push(server);
    let publisherOutput = '';
    const publisher = spawn(process.execPath, [SVC_BIN, 'publisher'], { env: { ...process.env, ...env } });
    publisher.stdout.on('data', (d) => {
      publisherOutput += d;
    });
    publisher.stderr.on('data', (d) => {
      publisherOutput += d;
    });
    publishers.push(publisher);
    // Its first run found nothing, so it now sleeps for the full minute unless woken.
    await waitForPostsDueListener(db.url());

    const started = Date.now();
    const res = await fetch(`${server.url}/api/v1/publish`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.json.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ platforms: ['threads'], profileIds: [account.json.id], caption: 'Wake up' }),
    });
    expect(res.status).toBe(200);
    const postId = ((await res.json()) as { postIds: string[] }).postIds[0] as string;
    let status = '';
    while (status !== 'posted' && Date.now() - started < 5_000) {
      const post = await fetch(`${server.url}/api/v1/posts/${postId}`, {
        headers: { Authorization: `Bearer ${key.json.key}` },
      });
      status = ((await post.json()) as { status: string }).status;
      if (status !== 'posted') await new Promise((r) => setTimeout(r, 100));
    }
    expect(status, publisherOutput).toBe('posted');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
