import { describePostgres } from '@svc/store-postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// The defaults these tests check, over the generous limits other process tests run with.
const DEFAULT_LIMITS = { SVC_PAID_RATE_LIMIT: '600', SVC_ADDRESS_RATE_LIMIT: '1200' };

// Issue 22, item 3: rate limits and the sign-in limiter are counted in the database, so two API
// server processes on one database (PostgreSQL, or one SQLite file) share one allowance.

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
  // Shared, not per process: exactly the limit went through, the first `limit` requests in order.
  expect(allowed).toHaveLength(limit);
  expect(answers.slice(0, limit).every((a) => a.status === 200)).toBe(true);
  // One counter: what is left counts down across both servers.
  expect(allowed.map((a) => left(a.limit, 'key')?.r)).toEqual(
    Array.from({ length: limit }, (_, i) => limit - 1 - i),
  );
  expect(new Set(refused.map((a) => a.server))).toEqual(new Set([0, 1]));
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
  it('lets one key through exactly its limit across both, with 429s and headers from both, others unaffected', async () => {
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: db.url(),
      ...DEFAULT_LIMITS,
      SVC_TRIAL_RATE_LIMIT: '20',
    };
    const { servers, busy, quiet, get } = await twoServers(env);
    await drivePastLimit(get, busy, 20, 10);

    // Another key, on either server, has its whole allowance.
    for (const server of [0, 1]) {
      const other = await get(server, '/api/v1/connections', quiet);
      expect(other.status).toBe(200);
      expect(other.policy).toBe('"address";q=1200;w=60, "key";q=20;w=60');
      expect(left(other.limit, 'key')?.r).toBe(19 - server);
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
    expect(left(allowed.limit, 'key')?.r).toBe(17);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const hello = await mcp(0, initialize);
    expect(hello).toMatchObject({ status: 200, policy: '"address";q=1200;w=60' });
    // Every request above came from 127.0.0.1, to either server, REST or MCP: one address counter.
    expect(left(hello.limit, 'address')?.r).toBe(1200 - 30 - 2 - 3);
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
  it('lets one key through exactly its limit across both processes, also in a burst at both', async () => {
    const env = { SVC_DATA_DIR: dataDir(), ...DEFAULT_LIMITS, SVC_TRIAL_RATE_LIMIT: '12' };
    const { busy, quiet, get } = await twoServers(env);
    await drivePastLimit(get, busy, 12, 6);
    const other = await get(1, '/api/v1/connections', quiet);
    expect(other).toMatchObject({ status: 200, policy: '"address";q=1200;w=60, "key";q=12;w=60' });
    expect(left(other.limit, 'key')?.r).toBe(11);
    // A burst at both processes at once: the file's write lock serialises the counts, so exactly
    // the 11 requests left get through, whichever process takes them.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(i % 2, '/api/v1/connections', quiet)),
    );
    expect(burst.filter((a) => a.status === 200)).toHaveLength(11);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(19);
    expect(
      burst
        .filter((a) => a.status === 200)
        .map((a) => left(a.limit, 'key')?.r)
        .sort((x, y) => (x ?? 0) - (y ?? 0)),
    ).toEqual(Array.from({ length: 11 }, (_, i) => i));
  });
});
