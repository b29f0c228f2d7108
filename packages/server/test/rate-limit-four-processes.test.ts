import { leaseSizes } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// Issue 34, item 1: the API's limits are decided in memory and leased from the database in blocks.
// Four `svc serve` processes on one SQLite file, one key hammered through all four at once: together
// they admit the quota, and at most each process's advance more.

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const QUOTA = 200;
const PROCESSES = 4;
const CLIENTS_PER_PROCESS = 4;
/** Each process is driven until it has refused this many requests: then it holds no credit. */
const REFUSALS_PER_PROCESS = 5;
/** A bound on the run, far above what it takes, so a broken limiter fails instead of hanging. */
const MOST_REQUESTS_PER_CLIENT = 200;

type Answer = { server: number; status: number; retryAfter: string | null; code: unknown };

describe('rate limits across four API servers on one SQLite file', () => {
  it('admit at least the quota and at most the quota plus each process’s advance, with Retry-After on every 429', async () => {
    const env = {
      SVC_DATA_DIR: dataDir(),
      SVC_PUBLISHER: 'off',
      SVC_PAID_RATE_LIMIT: String(QUOTA),
      SVC_ADDRESS_RATE_LIMIT: '1000000',
    };
    const cli = async (args: string[]) => {
      const run = await svcInProcess(args, env);
      expect(run.code, run.stderr).toBe(0);
      return run.json;
    };
    await cli(['migrate']);
    await cli(['users', 'create', '--email', 'four@example.com', '--plan', 'paid']);
    const key = (await cli(['keys', 'create', '--email', 'four@example.com', '--scopes', '*'])).key as string;
    // One after the other, as a busy machine starts them in time.
    const servers: ServerProcess[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const server = await startServerProcess(env);
      running.push(server);
      servers.push(server);
    }

    const answers: Answer[] = [];
    const refusals = new Array<number>(PROCESSES).fill(0);
    const client = async (server: number) => {
      for (let i = 0; i < MOST_REQUESTS_PER_CLIENT && (refusals[server] ?? 0) < REFUSALS_PER_PROCESS; i++) {
        const res = await fetch(`${servers[server]?.url}/api/v1/connections`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        const body = (await res.json()) as { code?: unknown };
        answers.push({
          server,
          status: res.status,
          retryAfter: res.headers.get('Retry-After'),
          code: body.code,
        });
        if (res.status === 429) refusals[server] = (refusals[server] ?? 0) + 1;
      }
    };
    const started = Date.now();
    await Promise.all(
      Array.from({ length: PROCESSES * CLIENTS_PER_PROCESS }, (_, i) => client(i % PROCESSES)),
    );
    // The bounds are per window, and the window started at the first request.
    expect(Date.now() - started, 'the run must fit in one window').toBeLessThan(60_000);

    const admitted = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(admitted + refused.length).toBe(answers.length);
    // Every process refused: none holds unused credit, so together they let the whole quota through.
    expect(
      refusals.every((n) => n >= 1),
      JSON.stringify(refusals),
    ).toBe(true);
    const { advance } = leaseSizes(QUOTA);
    const context = `admitted ${admitted} of ${QUOTA}, bound ${QUOTA + PROCESSES * advance}`;
    expect(admitted, context).toBeGreaterThanOrEqual(QUOTA);
    expect(admitted, context).toBeLessThanOrEqual(QUOTA + PROCESSES * advance);
    for (const a of refused) {
      expect(a.code).toBe('rate_limited');
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(a.retryAfter)).toBeLessThanOrEqual(60);
    }
  }, 120_000);
});
