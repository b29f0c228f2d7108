import { leaseSizes } from '@svc/core';
import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// The defaults these tests check, over the generous limits other process tests run with.
const DEFAULT_LIMITS = { SVC_PAID_RATE_LIMIT: '600', SVC_ADDRESS_RATE_LIMIT: '1200' };

// Issue 22, item 3: rate limits and the sign-in limiter are counted in the database, so two API
// server processes on one database (PostgreSQL, or one SQLite file) share one allowance. Issue 34:
// the API's limits are decided in memory and leased from the database in blocks, so two processes
// admit at least the quota (once both have refused, neither holds unused credit) and at most the
// quota plus each one's advance.

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

type Answer = {
  server: number;
  status: number;
  policy: string;
  limit: string;
  retryAfter: string | null;
  body: any;
};

/** Two `svc serve` processes on the same data (the second without the publisher), and two trial keys. */
async function twoServers(env: Record<string, string>, who = 'limits') {
  const cli = async (args: string[]) => {
    const run = await svcInProcess(args, env);
    expect(run.code, run.stderr).toBe(0);
    return run.json;
  };
  await cli(['migrate']);
  const [ann, bob] = [`ann-${who}@example.com`, `bob-${who}@example.com`];
  for (const email of [ann, bob]) await cli(['users', 'create', '--email', email, '--plan', 'trial']);
  const busy = (await cli(['keys', 'create', '--email', ann, '--scopes', '*'])).key as string;
  const quiet = (await cli(['keys', 'create', '--email', bob, '--scopes', '*'])).key as string;
  const first = await startServerProcess(env);
  running.push(first);
  const second = await startServerProcess({ ...env, SVC_PUBLISHER: 'off' });
  running.push(second);
  const servers = [first, second];
  const get = async (server: number, path: string, key: string): Promise<Answer> => {
    const res = await fetch(`${servers[server]?.url}${path}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    return answerOf(server, res);
  };
  return { servers, busy, quiet, get, ann };
}

async function answerOf(server: number, res: Response): Promise<Answer> {
  return {
    server,
    status: res.status,
    policy: res.headers.get('RateLimit-Policy') ?? '',
    limit: res.headers.get('RateLimit') ?? '',
    retryAfter: res.headers.get('Retry-After'),
    body: await res.json(),
  };
}

/** The `r` and `t` of one policy in a `RateLimit` header. */
function left(limit: string, policy: string): { r: number; t: number } | null {
  const match = new RegExp(`"${policy}";r=(\\d+);t=(\\d+)`).exec(limit);
  return match === null ? null : { r: Number(match[1]), t: Number(match[2]) };
}

/**
 * The bounds of what P processes admit of one quota in a window, once every one of them has
 * refused some: none holds unused credit then, so at least the quota; each may have admitted its
 * advance ahead of a lease the counter could no longer grant, so at most the quota plus P advances.
 */
function admittedBounds(quota: number, processes: number): [number, number] {
  return [quota, quota + processes * leaseSizes(quota).advance];
}

/** Drives one key past its limit, alternating between the servers, and checks what both answered. */
async function drivePastLimit(
  get: (server: number, path: string, key: string) => Promise<Answer>,
  key: string,
  limit: number,
  extra: number,
): Promise<void> {
  const answers: Answer[] = [];
  for (let i = 0; i < limit + extra; i++) answers.push(await get(i % 2, '/api/v1/connections', key));
  const allowed = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  // Shared, not per process: both refused, and together they let the quota through, give or take
  // each one's advance.
  expect(new Set(refused.map((a) => a.server))).toEqual(new Set([0, 1]));
  const [least, most] = admittedBounds(limit, 2);
  expect(allowed.length).toBeGreaterThanOrEqual(least);
  expect(allowed.length).toBeLessThanOrEqual(most);
  // What is left only ever goes down on each server (it knows the other's use at its leases).
  for (const server of [0, 1]) {
    const lefts = allowed.filter((a) => a.server === server).map((a) => left(a.limit, 'key')?.r ?? -1);
    expect(lefts).toEqual([...lefts].sort((x, y) => y - x));
    expect(Math.min(...lefts)).toBeGreaterThanOrEqual(0);
  }
  for (const a of [...allowed, ...refused]) {
    expect(a.policy).toBe(`"address";q=1200;w=60, "key";q=${limit};w=60`);
  }
  for (const a of refused) {
    expect(a.status).toBe(429);
    expect(a.body).toMatchObject({ code: 'rate_limited', details: { policies: ['key'] } });
    expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
    const keyLeft = left(a.limit, 'key');
    expect(keyLeft?.r).toBe(0);
    expect(keyLeft?.t).toBeGreaterThan(0);
    expect(keyLeft?.t).toBeLessThanOrEqual(60);
    expect(Number(a.retryAfter)).toBe(keyLeft?.t);
  }
}

await describePostgres('rate limits across two API servers on PostgreSQL', (db) => {
  it('lets one key through its limit across both, with 429s and headers from both, others unaffected', async () => {
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: db.url(),
      ...DEFAULT_LIMITS,
      SVC_TRIAL_RATE_LIMIT: '20',
    };
    const { servers, busy, quiet, get } = await twoServers(env);
    await drivePastLimit(get, busy, 20, 10);

    // Another key, on either server, has its whole allowance (each server counts its own request
    // at once, and the other's at its next lease).
    for (const server of [0, 1]) {
      const other = await get(server, '/api/v1/connections', quiet);
      expect(other.status).toBe(200);
      expect(other.policy).toBe('"address";q=1200;w=60, "key";q=20;w=60');
      expect(left(other.limit, 'key')?.r).toBe(19);
    }

    // The agent-tool endpoint counts on the same counters: a tool call with the spent key is 429.
    const mcp = (server: number, body: unknown, key?: string) =>
      fetch(`${servers[server]?.url}/api/mcp`, {
        method: 'POST',
        headers: {
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
        },
        body: JSON.stringify(body),
      }).then((res) => answerOf(server, res));
    const call = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'svc_get_account_summary', arguments: {} },
    };
    const refused = await mcp(1, call, busy);
    expect(refused).toMatchObject({
      status: 429,
      policy: '"address";q=1200;w=60, "key";q=20;w=60',
      body: { jsonrpc: '2.0', id: 3, error: { data: { code: 'rate_limited', policies: ['key'] } } },
    });
    expect(refused.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(left(refused.limit, 'key')?.r).toBe(0);
    const allowed = await mcp(1, call, quiet);
    expect(allowed).toMatchObject({ status: 200, policy: '"address";q=1200;w=60, "key";q=20;w=60' });
    // Three of the quiet key's 20 are used; what server 1 says is left may also count credit that
    // server 0 leased and holds (at most a lease and the half block it refills below).
    const quietSizes = leaseSizes(20);
    const quietLeft = left(allowed.limit, 'key')?.r ?? -1;
    expect(quietLeft).toBeLessThanOrEqual(17);
    expect(quietLeft).toBeGreaterThanOrEqual(17 - quietSizes.block - quietSizes.refillBelow);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const hello = await mcp(0, initialize);
    expect(hello).toMatchObject({ status: 200, policy: '"address";q=1200;w=60' });
    // Every request above came from 127.0.0.1, to either server, REST or MCP: one address counter.
    // Server 0 answered 17 of the 35 and knows them exactly; server 1's 18 as far as it leased them.
    const addressSizes = leaseSizes(1200);
    const addressLeft = left(hello.limit, 'address')?.r ?? -1;
    expect(addressLeft).toBeLessThanOrEqual(1200 - 17);
    expect(addressLeft).toBeGreaterThanOrEqual(1200 - 35 - addressSizes.block - addressSizes.refillBelow);
  });

  it('shares the console sign-in limits between the two servers', async () => {
    const env = { SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url() };
    // The same database as the test above: other users, and no migrations left to apply.
    const { servers, ann } = await twoServers(env, 'sign-in');
    const set = await svcInProcess(
      ['users', 'set-password', '--email', ann, '--password-stdin'],
      env,
      'correct horse battery',
    );
    expect(set.code, set.stderr).toBe(0);
    const signIn = (server: number, password: string) =>
      fetch(`${servers[server]?.url}/app/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: ann, password }),
        redirect: 'manual',
      });
    // Five wrong passwords for one email (the default), spread over both servers...
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2, `wrong ${i}`)).status).toBe(401);
    // ...and the right one is refused on both until the window ends: one allowance, not one each.
    for (const server of [0, 1]) {
      const waiting = await signIn(server, 'correct horse battery');
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    }
  });
});

describe('rate limits across two API servers on one SQLite file', () => {
  it('lets one key through its limit across both processes, give or take their advances, also in a burst at both', async () => {
    const env = { SVC_DATA_DIR: dataDir(), ...DEFAULT_LIMITS, SVC_TRIAL_RATE_LIMIT: '12' };
    const { busy, quiet, get } = await twoServers(env);
    await drivePastLimit(get, busy, 12, 6);
    const other = await get(1, '/api/v1/connections', quiet);
    expect(other).toMatchObject({ status: 200, policy: '"address";q=1200;w=60, "key";q=12;w=60' });
    expect(left(other.limit, 'key')?.r).toBe(11);
    // A burst at both processes at once: each leases from the file's counter and refuses once it
    // says no more, so the 11 left get through, and at most each process's advance more.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(i % 2, '/api/v1/connections', quiet)),
    );
    const passed = burst.filter((a) => a.status === 200);
    const refused = burst.filter((a) => a.status === 429);
    expect(passed.length + refused.length).toBe(30);
    expect(new Set(refused.map((a) => a.server))).toEqual(new Set([0, 1]));
    const [least, most] = admittedBounds(12, 2);
    expect(passed.length).toBeGreaterThanOrEqual(least - 1);
    expect(passed.length).toBeLessThanOrEqual(most - 1);
    for (const a of refused) {
      expect(left(a.limit, 'key')?.r).toBe(0);
      expect(Number(a.retryAfter)).toBe(left(a.limit, 'key')?.t);
    }
  });
});
