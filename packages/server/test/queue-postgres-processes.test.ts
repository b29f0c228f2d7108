import { nextFreeSlots, type PostingSchedule, WEEKDAYS } from '@svc/core';
import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// Issue 35: queue requests spread over four `svc serve` processes on one PostgreSQL database. Each
// batch takes its slots inside its insert transaction, behind the owner's advisory lock, so no two
// processes hand out the same slot.
const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const PROCESSES = 4;
const REQUESTS = 60;
const SLOTS: PostingSchedule = {
  timeZone: 'America/New_York',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '08:00' },
    { day, time: '12:15' },
    { day, time: '18:45' },
  ]),
};

await describePostgres('the queue across four server processes on PostgreSQL', (db) => {
  it('gives queue requests sent at once through four processes distinct consecutive slots', async () => {
    const env = { SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url(), SVC_PUBLISHER: 'off' };
    const cli = async (args: string[]) => {
      const run = await svcInProcess(args, env);
      expect(run.code, run.stderr).toBe(0);
      return run.json;
    };
    await cli(['migrate']);
    await cli(['users', 'create', '--email', 'q@example.com', '--plan', 'paid']);
    const account = (
      await cli([
        'accounts',
        'connect-sandbox',
        '--email',
        'q@example.com',
        '--platform',
        'threads',
        '--handle',
        'q',
      ])
    ).id as string;
    const key = (await cli(['keys', 'create', '--email', 'q@example.com', '--scopes', '*'])).key as string;
    const servers: ServerProcess[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const server = await startServerProcess(env);
      running.push(server);
      servers.push(server);
    }
    const call = async (server: ServerProcess, path: string, method: string, json: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const put = await call(servers[0] as ServerProcess, `/api/v1/connections/${account}/slots`, 'PUT', SLOTS);
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const before = new Date();
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        call(servers[i % PROCESSES] as ServerProcess, '/api/v1/posts', 'POST', {
          platforms: ['threads'],
          profileIds: [account],
          caption: `Queued ${i}`,
          queue: true,
        }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const times = answers.map((a) => a.body.posts[0].scheduledTime as string).sort();
    const expected = nextFreeSlots(SLOTS, before, REQUESTS, [], 250)
      ._unsafeUnwrap()
      .map((d) => d.toISOString());
    expect(times).toEqual(expected);
  }, 120_000);
});
