import { MCP_BATCH_MAX_MESSAGES } from '@svc/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// Issue 30, "Every unit of work is charged": two batches of 2,000 tool calls used 2 of a key's
// 600 a minute, and every call of a batch ran at once. Against `svc serve`, over raw HTTP (the
// official MCP SDK client cannot send batches).

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

const WINDOW_MS = 60_000;

type Answer = { status: number; limit: string; retryAfter: string | null; body: any; at: number };

async function rpc(server: ServerProcess, body: unknown, key: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/mcp`, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${key}`,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    limit: res.headers.get('RateLimit') ?? '',
    retryAfter: res.headers.get('Retry-After'),
    body: await res.json(),
    at: Date.now(),
  };
}

/** The `r` of one policy in a `RateLimit` header. */
function left(limit: string, policy: string): number {
  const match = new RegExp(`"${policy}";r=(\\d+)`).exec(limit);
  if (match === null) throw new Error(`no ${policy} in ${JSON.stringify(limit)}`);
  return Number(match[1]);
}

type Person = { email: string; key: string; audit: string };

/** Users, each with a sandbox Threads account, a key to spend and another to count with. */
async function seed(env: Record<string, string>, people: { email: string; plan: string }[]) {
  const cli = async (args: string[]) => {
    const run = await svcInProcess(args, env);
    expect(run.code, run.stderr).toBe(0);
    return run.json;
  };
  await cli(['migrate']);
  const seeded: Person[] = [];
  for (const { email, plan } of people) {
    await cli(['users', 'create', '--email', email, '--plan', plan]);
    await cli(['accounts', 'connect-sandbox', '--email', email, '--platform', 'threads', '--handle', 'fuzz']);
    const key = (await cli(['keys', 'create', '--email', email, '--scopes', '*'])).key as string;
    const audit = (await cli(['keys', 'create', '--email', email, '--scopes', '*'])).key as string;
    seeded.push({ email, key, audit });
  }
  return seeded;
}

/** Every post a user has, whatever its status, read with the key that is not under test. */
async function postsOf(server: ServerProcess, person: Person): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/account`, {
    headers: { Authorization: `Bearer ${person.audit}` },
  });
  expect(res.status).toBe(200);
  const summary = (await res.json()) as { postCounts: Record<string, number> };
  return Object.values(summary.postCounts).reduce((sum, n) => sum + n, 0);
}

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What a message of a fuzzed batch is, and what its answer must be when the batch runs. */
type Kind = 'schedule' | 'invalid' | 'read' | 'list' | 'ping' | 'notification';

const KINDS: readonly Kind[] = [
  'schedule',
  'schedule',
  'schedule',
  'invalid',
  'read',
  'list',
  'ping',
  'notification',
];

function message(kind: Kind, id: number, tag: string): Record<string, unknown> {
  const call = (name: string, args: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  switch (kind) {
    case 'schedule':
      // A year ahead, so the publisher never touches it; the tag keeps captions apart.
      return call('svc_schedule_post', {
        caption: `Fuzz ${tag} ${id}`,
        platforms: ['threads'],
        scheduled_time: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      });
    case 'invalid':
      return call('svc_schedule_post', { caption: 12, platforms: ['nowhere'] });
    case 'read':
      return call('svc_get_account_summary', {});
    case 'list':
      return { jsonrpc: '2.0', id, method: 'tools/list' };
    case 'ping':
      return { jsonrpc: '2.0', id, method: 'ping' };
    case 'notification':
      return { jsonrpc: '2.0', method: 'notifications/initialized' };
  }
}

type Tally = {
  /** Tool calls in batches the server ran (answered 200). */
  ran: number;
  /** Of those, schedule calls that created a post. */
  created: number;
  batchesRun: number;
  batchesRefused: number;
  firstSent: number;
  lastAnswered: number;
};

/**
 * Sends one batch of every size from 1 to the maximum with `key`, in a seeded random order and
 * mix, four at a time, and checks each answer: a batch is run whole (every request answered,
 * each valid schedule creating a post) or refused whole (429 `rate_limited`).
 */
async function fuzz(server: ServerProcess, key: string, quota: number, seed: number): Promise<Tally> {
  const next = random(seed);
  const sizes = Array.from({ length: MCP_BATCH_MAX_MESSAGES }, (_, i) => i + 1);
  for (let i = sizes.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [sizes[i], sizes[j]] = [sizes[j] as number, sizes[i] as number];
  }
  const batches = sizes.map((size, b) => {
    const kinds = Array.from({ length: size }, () => KINDS[Math.floor(next() * KINDS.length)] as Kind);
    // A batch of notifications only is acknowledged without a body; keep one request in each.
    if (!kinds.some((k) => k !== 'notification')) kinds[0] = 'read';
    return kinds.map((kind, i) => ({ kind, body: message(kind, b * 1000 + i, `${seed}-${b}`) }));
  });
  const tally: Tally = {
    ran: 0,
    created: 0,
    batchesRun: 0,
    batchesRefused: 0,
    firstSent: Number.POSITIVE_INFINITY,
    lastAnswered: 0,
  };
  let taken = 0;
  const worker = async () => {
    while (taken < batches.length) {
      const batch = batches[taken] as { kind: Kind; body: Record<string, unknown> }[];
      taken += 1;
      const calls = batch.filter((m) => m.kind === 'schedule' || m.kind === 'invalid' || m.kind === 'read');
      tally.firstSent = Math.min(tally.firstSent, Date.now());
      const answer = await rpc(
        server,
        batch.map((m) => m.body),
        key,
      );
      tally.lastAnswered = Math.max(tally.lastAnswered, answer.at);
      const context = `seed ${seed}, batch of ${batch.length}: ${JSON.stringify(answer.body).slice(0, 300)}`;
      if (answer.status === 429) {
        tally.batchesRefused += 1;
        expect(answer.body.error.data, context).toMatchObject({ code: 'rate_limited', policies: ['key'] });
        expect(Number(answer.retryAfter), context).toBeGreaterThan(0);
        continue;
      }
      expect(answer.status, context).toBe(200);
      tally.batchesRun += 1;
      tally.ran += calls.length;
      // What the key has left after this batch can only be what the batches counted so far leave;
      // a batch without tool calls is not the key's to count.
      if (calls.length > 0)
        expect(left(answer.limit, 'key'), context).toBeLessThanOrEqual(quota - calls.length);
      else expect(answer.limit, context).not.toContain('"key"');
      const replies = new Map((answer.body as any[]).map((reply) => [reply.id, reply]));
      expect(replies.size, context).toBe(batch.filter((m) => m.kind !== 'notification').length);
      for (const m of batch) {
        const reply = replies.get(m.body.id);
        if (m.kind === 'schedule') {
          expect(reply.result.isError, context).not.toBe(true);
          expect(reply.result.structuredContent.postIds, context).toHaveLength(1);
          tally.created += 1;
        } else if (m.kind === 'invalid') {
          expect(reply.result.isError, context).toBe(true);
        } else if (m.kind === 'read') {
          expect(reply.result.structuredContent.connectedAccounts, context).toBe(1);
        } else if (m.kind === 'list') {
          expect(reply.result.tools.length, context).toBeGreaterThan(10);
        } else if (m.kind === 'ping') {
          expect(reply.result, context).toEqual({});
        }
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return tally;
}

/** Fixed windows anchored at the first hit: how many a run from `first` to `last` can touch. */
function windowsSpanned(tally: Tally): number {
  return Math.floor((tally.lastAnswered - tally.firstSent) / WINDOW_MS) + 1;
}

describe('svc serve: every tool call of a batch is charged', () => {
  it('stays within each key’s budget under batches of every size, mixed tools, four at a time', async () => {
    const quotas = { paid: 60, trial: 25 };
    const env = {
      SVC_DATA_DIR: dataDir(),
      SVC_PUBLISHER: 'off',
      SVC_PAID_RATE_LIMIT: String(quotas.paid),
      SVC_TRIAL_RATE_LIMIT: String(quotas.trial),
    };
    const plans = ['paid', 'paid', 'paid', 'trial'] as const;
    const people = await seed(
      env,
      plans.map((plan, i) => ({ email: `fuzz-${i}@example.com`, plan })),
    );
    const server = await startServerProcess(env);
    running.push(server);
    const seed0 = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    // All four keys at once, from one address: their counters must stay apart.
    const tallies = await Promise.all(
      people.map((person, i) => fuzz(server, person.key, quotas[plans[i] as keyof typeof quotas], seed0 + i)),
    );
    for (const [i, person] of people.entries()) {
      const tally = tallies[i] as Tally;
      const quota = quotas[plans[i] as keyof typeof quotas];
      const context = `seed ${seed0 + i} (${plans[i]}): ${JSON.stringify(tally)}`;
      // The bound: at most the quota per window the run touched (one, unless the machine took
      // over a minute), and every batch either ran or was refused.
      expect(tally.ran, context).toBeLessThanOrEqual(quota * windowsSpanned(tally));
      expect(tally.batchesRun + tally.batchesRefused, context).toBe(MCP_BATCH_MAX_MESSAGES);
      expect(tally.batchesRun, context).toBeGreaterThan(0);
      expect(tally.batchesRefused, context).toBeGreaterThan(0);
      // Counted server-side: exactly the posts of the batches that ran, none of the refused ones.
      expect(await postsOf(server, person), context).toBe(tally.created);
    }
  });

  it('charges two batches of N calls 2N to the key and to the address, and refuses what does not fit', async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_PAID_RATE_LIMIT: '600', SVC_ADDRESS_RATE_LIMIT: '1200' };
    const [ann] = await seed(env, [{ email: 'ann-batches@example.com', plan: 'paid' }]);
    if (ann === undefined) throw new Error('not seeded');
    const server = await startServerProcess(env);
    running.push(server);
    const batch = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'svc_get_account_summary', arguments: {} },
      }));
    const first = await rpc(server, batch(20), ann.key);
    const second = await rpc(server, batch(20), ann.key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([left(first.limit, 'key'), left(second.limit, 'key')]).toEqual([580, 560]);
    expect([left(first.limit, 'address'), left(second.limit, 'address')]).toEqual([1180, 1160]);

    // Over the maximum size: Invalid Request naming it, before anything runs or is charged to the key.
    const oversized = await rpc(server, batch(MCP_BATCH_MAX_MESSAGES + 1), ann.key);
    expect(oversized.status).toBe(400);
    expect(oversized.body.error).toMatchObject({
      code: -32600,
      message: expect.stringContaining(`at most ${MCP_BATCH_MAX_MESSAGES} messages`),
    });

    // Spend the key down to 10 (11 batches of 50), then a batch of 11 does not fit and runs nothing.
    for (let i = 0; i < 11; i++) expect((await rpc(server, batch(50), ann.key)).status).toBe(200);
    const posts = await postsOf(server, ann);
    const schedule = Array.from({ length: 11 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'svc_schedule_post', arguments: { caption: `Not now ${i}`, platforms: ['threads'] } },
    }));
    const refused = await rpc(server, schedule, ann.key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.data).toMatchObject({ code: 'rate_limited', policies: ['key'] });
    // Not counted: the 10 left still serve a batch that fits.
    expect(left(refused.limit, 'key')).toBe(10);
    expect(await postsOf(server, ann)).toBe(posts);
    const fits = await rpc(server, batch(10), ann.key);
    expect(fits.status).toBe(200);
    expect(left(fits.limit, 'key')).toBe(0);
  });
});
