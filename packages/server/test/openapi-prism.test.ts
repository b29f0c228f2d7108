import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REST_SCOPES } from '@svc/core';
import { describePostgres, type OutageProxy, startOutageProxy } from '@svc/store-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asciiGif,
  type DocOperation,
  declaredContentTypes,
  type GeneratedRequest,
  harvest,
  type OpenApiDocument,
  operationsOf,
  type Pools,
  requestGenerator,
} from './openapi-requests.js';
import { exchange, inPool, type Outcome, type Prism, startPrism } from './prism-proxy.js';
import { freePort, type ServerProcess, startServerProcess, svcInProcess, useDataDirs } from './support.js';

// Issue 20, item 3: requests generated from the served OpenAPI document by a third-party generator
// (json-schema-faker), valid and deliberately invalid, sent through Stoplight Prism's validation
// proxy to a real `svc serve`, so an independent validator checks every request and response.
//
// Prism with --errors answers a request it finds invalid itself (422/401/404, never forwarded),
// so the valid requests go through a proxy with --errors and the invalid ones through a second
// proxy without it, which forwards everything. Both report what they found in the `sl-violations`
// header; with --errors, a response breaking the document becomes Prism's own 500. Undeclared 4xx
// and 5xx statuses are only a warning to Prism (passed through either way), so the header is read
// on every answer. Prism reads bodies as UTF-8 text (stoplightio/prism#1321), so uploads carry
// ASCII-only GIFs, and it cannot read a HEAD reply with a JSON type: those go to the server directly.
// Run alone: OPENAPI_FUZZ_SEED=n varies the requests; OPENAPI_FUZZ_DUMP=file keeps them all.

const REQUESTS_PER_OPERATION = 100;
const INVALID_SHARE = 0.4;
const CONCURRENCY = 8;
const SEED = Number(process.env.OPENAPI_FUZZ_SEED ?? 20);
const EMAIL = 'fuzz@example.com';
const FIXTURES = join(import.meta.dirname, '../../media/test/fixtures');

const dataDir = useDataDirs();
let server: ServerProcess | undefined;
let origin: Server | undefined;
const prisms: Prism[] = [];

afterAll(async () => {
  for (const prism of prisms.splice(0)) prism.child.kill('SIGKILL');
  if (server !== undefined && server.child.exitCode === null) await server.stop('SIGKILL');
  if (origin !== undefined) await new Promise((resolve) => origin?.close(resolve));
});

/** The outside origin every link in generated requests is pointed at: a GIF for any path. */
async function startOrigin(): Promise<string> {
  const png = readFileSync(join(FIXTURES, 'image.png'));
  origin = createServer((req, res) => {
    const missing = (req.url ?? '').includes('missing');
    const body = (req.url ?? '').endsWith('.png') ? png : Buffer.from(asciiGif(4, 3, 'origin'), 'latin1');
    const type = (req.url ?? '').endsWith('.png') ? 'image/png' : 'image/gif';
    res.writeHead(missing ? 404 : 200, { 'Content-Type': type, 'Content-Length': body.byteLength });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => origin?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
}

/** Every scope an operation of the document asks for (its security requirements). */
function scopesOf(doc: OpenApiDocument): string[] {
  const requirements = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (Array.isArray(op?.security) ? op.security : [])),
  ) as Record<string, string[]>[];
  return requirements.flatMap((r) => Object.values(r).flat());
}

/** Everything wrong with one outcome, as short sentences (empty: fine). */
function problemsOf(
  outcome: Outcome,
  served: { status: number } | undefined,
  fault: string | undefined,
): string[] {
  const problems: string[] = [];
  const op = outcome.request.operation;
  if (outcome.failure !== null) return [outcome.failure];
  if (served === undefined) {
    problems.push(`never reached the server (Prism answered ${outcome.status} ${outcome.byPrism ?? ''})`);
  } else if (served.status >= 500) {
    problems.push(`server error ${served.status}${fault === undefined ? '' : `: ${fault}`}`);
  }
  for (const v of outcome.violations.filter((v) => v.location[0] === 'response')) {
    problems.push(`${v.severity} at ${v.location.join('.')}: ${v.message}`);
  }
  if (outcome.byPrism === 'VIOLATIONS' && outcome.violations.length === 0) {
    problems.push(`Prism: response not valid: ${outcome.text.slice(0, 300)}`);
  }
  if (outcome.byPrism !== null) return problems;
  const declared = declaredContentTypes(op, outcome.status);
  if (declared === undefined) {
    problems.push(`status ${outcome.status} not declared (declared: ${Object.keys(op.responses).join(',')})`);
  } else if (outcome.text !== '' || outcome.contentType !== '') {
    const type = outcome.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const fits = (d: string) =>
      d === type || d === '*/*' || (d.endsWith('/*') && type.startsWith(d.slice(0, -1)));
    if (!declared.some(fits)) {
      problems.push(
        `content type "${outcome.contentType}" not declared for ${outcome.status} (${declared.join(', ') || 'no body'})`,
      );
    }
  }
  // An error answer is `{error, code}`, unless the document gives that status a body of its own
  // (the health check's 503 says what is unavailable).
  const declaredSchema = op.responses[String(outcome.status)]?.content?.['application/json']?.schema;
  const ownBody = declaredSchema?.$ref !== undefined && declaredSchema.$ref !== '#/components/schemas/Error';
  if (outcome.status >= 400 && outcome.request.method !== 'HEAD' && !ownBody) {
    let body: { error?: unknown; code?: unknown } | null = null;
    try {
      body = JSON.parse(outcome.text);
    } catch {}
    if (typeof body?.error !== 'string' || typeof body?.code !== 'string') {
      problems.push(`error body is not {error, code}: ${outcome.text.slice(0, 120)}`);
    }
  }
  const confirmedInvalid = outcome.violations.some((v) => v.location[0] === 'request');
  if (confirmedInvalid && outcome.status < 400) {
    problems.push(`request Prism found invalid was accepted with ${outcome.status}`);
  }
  return problems;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** One line per operation: what was sent and what the server answered. */
function summaryLines(byOp: Map<string, Outcome[]>, served: Map<string, { status: number }>): string[] {
  return [...byOp.entries()].map(([label, list]) => {
    const statuses = new Map<string, number>();
    for (const o of list) {
      const status = String(served.get(o.requestId)?.status ?? `prism ${o.status}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const mutated = list.filter((o) => o.request.intent === 'invalid').length;
    const invalid = list.filter((o) => o.violations.some((v) => v.location[0] === 'request')).length;
    const refused = list.filter((o) => o.refusedByStrict !== null).length;
    const direct = list.filter((o) => o.via === 'direct').length;
    const histogram = [...statuses.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    return `${label}: ${list.length} sent, ${mutated} mutated, ${invalid} invalid per Prism, ${refused} refused by --errors, ${direct} HEAD checked directly → ${histogram}`;
  });
}

/** The findings grouped by operation and problem, the first 20 groups with one example each. */
function reportOf(findings: { o: Outcome; problems: string[] }[]): string {
  const groups = groupBy(
    findings,
    ({ o, problems }) =>
      `${o.request.operation.label} | ${problems
        .join(' | ')
        .replace(/\b[a-z]+_[0-9A-Z]{26}\b/g, '<id>')
        .slice(0, 300)}`,
  );
  return [...groups.values()]
    .slice(0, 20)
    .map((group) => {
      const { o, problems } = group[0] as { o: Outcome; problems: string[] };
      const intent = o.request.mutation === null ? o.request.intent : `invalid: ${o.request.mutation}`;
      return [
        `- ${o.request.operation.label} ×${group.length} (e.g. ${intent}, via ${o.via})`,
        `    ${describeRequest(o.request)}`,
        `    → ${o.status} ${o.text.replace(/\s+/g, ' ').slice(0, 200)}`,
        ...problems.map((p) => `    ${p}`),
      ].join('\n');
    })
    .join('\n');
}

function describeRequest(r: GeneratedRequest): string {
  const body = r.body === undefined ? '' : ` body=${r.body.replace(/[^\x20-\x7e]/g, '.').slice(0, 160)}`;
  const type = r.headers['Content-Type'] === undefined ? '' : ` (${r.headers['Content-Type'].split(';')[0]})`;
  return `${r.method} ${r.url.slice(0, 160)}${type}${body}`;
}

describe('the served OpenAPI document, checked by Prism against generated requests', () => {
  let key = '';
  let doc: OpenApiDocument;
  let docFile = '';
  const pools: Pools = { ids: new Map(), links: new Set() };
  let baseUrl = '';
  let linkOrigin = '';

  beforeAll(async () => {
    const dir = dataDir();
    linkOrigin = await startOrigin();
    // A known port: the sandbox platforms and the links the server hands out live under it.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env = { SVC_DATA_DIR: dir, PORT: String(port), SVC_BASE_URL: baseUrl };
    // Rate limits on (every answer carries their headers, checked against the document) but far
    // above what the generated requests add up to, so none of them is refused for it.
    const limits = { SVC_PAID_RATE_LIMIT: '1000000', SVC_ADDRESS_RATE_LIMIT: '1000000' };
    server = await startServerProcess({
      ...env,
      ...limits,
      SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
      LOG_LEVEL: 'info',
    });
    const user = await svcInProcess(['users', 'create', '--email', EMAIL, '--plan', 'paid'], env);
    expect(user.code, user.stderr).toBe(0);
    for (const platform of ['instagram', 'tiktok', 'youtube', 'threads', 'facebook']) {
      const args = ['accounts', 'connect-sandbox', '--email', EMAIL, '--platform', platform];
      const account = await svcInProcess([...args, '--handle', `${platform}-fuzz`], env);
      expect(account.code, account.stderr).toBe(0);
      harvest(account.json, pools, baseUrl);
    }
    // The document is served without a credential; the key gets every scope it mentions.
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status, 'GET /api/v1/openapi.json').toBe(200);
    doc = (await res.json()) as OpenApiDocument;
    const scopes = [...new Set([...REST_SCOPES, ...scopesOf(doc)])].join(',');
    const created = await svcInProcess(['keys', 'create', '--email', EMAIL, '--scopes', scopes], env);
    expect(created.code, created.stderr).toBe(0);
    key = created.json.key;

    // A little real data, made directly (not through Prism), so some path ids and links are real.
    const direct = async (path: string, init: RequestInit) => {
      const res = await fetch(`${server?.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
      });
      const body = (await res.json()) as Record<string, unknown>;
      expect(res.status, `${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
      harvest(body, pools, baseUrl);
      return body;
    };
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(FIXTURES, 'image.png'))]), 'seed.png');
    const media = await direct('/api/v1/media', { method: 'POST', body: form });
    const video = new FormData();
    video.append('file', new Blob([readFileSync(join(FIXTURES, 'video.mp4'))]), 'seed.mp4');
    await direct('/api/v1/media', { method: 'POST', body: video });
    const json = { 'Content-Type': 'application/json' };
    for (const payload of [
      { platforms: ['threads'], caption: 'Seed one', scheduledTime: '2031-01-01T09:00:00Z' },
      {
        platforms: ['instagram'],
        caption: 'Seed two',
        mediaIds: [media.mediaId],
        scheduledTime: '2031-02-01T09:00:00Z',
      },
      { platforms: ['facebook'], caption: 'Seed three', scheduledTime: '2031-03-01T09:00:00Z' },
    ]) {
      await direct('/api/v1/posts', { method: 'POST', headers: json, body: JSON.stringify(payload) });
    }
    await direct('/api/v1/media/upload', { method: 'POST' }).catch(() => undefined);

    docFile = join(dir, 'openapi.json');
    writeDocForPrism(docFile, doc);
  }, 60_000);

  it('answers every generated request as the document says, without a server error', async () => {
    const started = performance.now();
    const [strict, lenient] = await startPrisms(docFile, server?.url ?? '');
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(0);
    const generator = requestGenerator(doc, { seed: SEED, pools, linkOrigin });

    // Operations that make things first (their ids feed the later ones), deletions last.
    const hasPathParams = (op: DocOperation) => op.parameters.some((p) => p.in === 'path');
    const phases = [
      operations.filter((op) => !hasPathParams(op) && op.method !== 'DELETE'),
      operations.filter((op) => hasPathParams(op) && op.method !== 'DELETE'),
      operations.filter((op) => op.method === 'DELETE'),
    ];
    const outcomes: Outcome[] = [];
    let counter = 0;
    for (const phase of phases) {
      const requests = phase.flatMap((op) =>
        generator.requestsFor(op, REQUESTS_PER_OPERATION, INVALID_SHARE),
      );
      await inPool(requests, CONCURRENCY, async (request) => {
        const outcome = await exchange(request, `fuzz-${SEED}-${++counter}`, {
          strict,
          lenient,
          server: { url: server?.url ?? '' },
          key,
        });
        if (outcome.status >= 200 && outcome.status < 300 && outcome.contentType.includes('json')) {
          try {
            harvest(JSON.parse(outcome.text), pools, baseUrl);
          } catch {}
        }
        outcomes.push(outcome);
      });
    }
    const seconds = (performance.now() - started) / 1000;

    // The server's own access log says what it answered, by the request id we sent.
    const { served, faults } = await answersLogged(server?.logs ?? []);

    // OPENAPI_FUZZ_DUMP=file keeps every request and answer (JSON lines) for a closer look.
    const dump = process.env.OPENAPI_FUZZ_DUMP;
    if (dump !== undefined) {
      const line = (o: Outcome) =>
        JSON.stringify({
          ...o,
          request: { ...o.request, operation: o.request.operation.label },
          served: served.get(o.requestId),
        });
      writeFileSync(dump, outcomes.map(line).join('\n'));
    }
    const findings = outcomes
      .map((o) => ({ o, problems: problemsOf(o, served.get(o.requestId), faults.get(o.requestId)) }))
      .filter((f) => f.problems.length > 0);
    const byOp = groupBy(outcomes, (o) => o.request.operation.label);
    const summary = `${outcomes.length} requests over ${operations.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`;
    console.info(`${summary}\n${summaryLines(byOp, served).join('\n')}`);
    expect(
      findings.length,
      `${findings.length} of ${outcomes.length} answers break the document:\n${reportOf(findings)}`,
    ).toBe(0);
    for (const op of operations) {
      expect(byOp.get(op.label)?.length ?? 0, op.label).toBeGreaterThanOrEqual(REQUESTS_PER_OPERATION);
    }
    expect(
      prisms.every((p) => p.child.exitCode === null),
      strict.output() + lenient.output(),
    ).toBe(true);
  }, 300_000);
});

// Issue 30: the rate limit's 429 on `POST /auth` and `POST /api/auth/mcp-token` was not in the
// document, so a validator flagged those answers. A server on PostgreSQL with limits low enough to
// refuse, behind Prism: every operation a limit covers is driven until it answers 429, then the
// database goes away (a relay in front of it refuses connections) and every operation is sent
// once more, answering 503. Prism and the checks above must find nothing, and each of those
// answers must be declared.
const ROUNDS = 12;

await describePostgres('the served OpenAPI document, checked by Prism against 429 and 503 answers', (db) => {
  let key = '';
  let doc: OpenApiDocument;
  let docFile = '';
  let outage: OutageProxy | undefined;
  let limited: ServerProcess | undefined;
  const pools: Pools = { ids: new Map(), links: new Set() };
  let baseUrl = '';

  afterAll(async () => {
    if (limited !== undefined && limited.child.exitCode === null) await limited.stop('SIGKILL');
    await outage?.close();
  });

  beforeAll(async () => {
    const dir = dataDir();
    outage = await startOutageProxy(db.url());
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env = { SVC_DATA_DIR: dir, PORT: String(port), SVC_BASE_URL: baseUrl, DATABASE_URL: outage.url };
    // A few requests a minute: a handful of calls reaches each limit.
    const limits = { SVC_PAID_RATE_LIMIT: '6', SVC_ADDRESS_RATE_LIMIT: '8' };
    const user = await svcInProcess(['users', 'create', '--email', EMAIL, '--plan', 'paid'], env);
    expect(user.code, user.stderr).toBe(0);
    for (const platform of ['threads', 'instagram']) {
      const args = ['accounts', 'connect-sandbox', '--email', EMAIL, '--platform', platform];
      const account = await svcInProcess([...args, '--handle', `${platform}-limits`], env);
      expect(account.code, account.stderr).toBe(0);
      harvest(account.json, pools, baseUrl);
    }
    limited = await startServerProcess({ ...env, ...limits, SVC_PUBLISHER: 'off', LOG_LEVEL: 'info' });
    const res = await fetch(`${limited.url}/api/v1/openapi.json`);
    expect(res.status, 'GET /api/v1/openapi.json').toBe(200);
    doc = (await res.json()) as OpenApiDocument;
    const scopes = [...new Set([...REST_SCOPES, ...scopesOf(doc)])].join(',');
    const created = await svcInProcess(['keys', 'create', '--email', EMAIL, '--scopes', scopes], env);
    expect(created.code, created.stderr).toBe(0);
    key = created.json.key;
    docFile = join(dir, 'openapi.json');
    writeDocForPrism(docFile, doc);
  }, 60_000);

  it('declares every 429 and 503 the operations answer', async () => {
    const [strict, lenient] = await startPrisms(docFile, limited?.url ?? '');
    const operations = operationsOf(doc);
    const generator = requestGenerator(doc, { seed: SEED, pools, linkOrigin: baseUrl });
    let counter = 0;
    const sendAll = async (requests: GeneratedRequest[]) => {
      const outcomes: Outcome[] = [];
      await inPool(requests, 4, async (request) => {
        outcomes.push(
          await exchange(request, `limits-${SEED}-${++counter}`, {
            strict,
            lenient,
            server: { url: limited?.url ?? '' },
            key,
          }),
        );
      });
      return outcomes;
    };

    // Every operation a limit covers: the REST API (per address) and every one taking a key (per
    // key), whatever the document says of them, so an undeclared 429 is found.
    const covered = operations.filter((op) => op.template.startsWith('/api/v1/') || op.secured);
    expect(covered.map((op) => op.label)).toEqual(
      expect.arrayContaining(['POST /auth', 'POST /api/auth/mcp-token']),
    );
    const refusedBy = new Set<string>();
    const limitOutcomes: Outcome[] = [];
    for (let round = 0; round < ROUNDS && refusedBy.size < covered.length; round++) {
      const waiting = covered.filter((op) => !refusedBy.has(op.label));
      const outcomes = await sendAll(waiting.flatMap((op) => generator.requestsFor(op, 1, 0)));
      for (const o of outcomes) if (o.status === 429) refusedBy.add(o.request.operation.label);
      limitOutcomes.push(...outcomes);
    }
    expect(
      covered.filter((op) => !refusedBy.has(op.label)).map((op) => op.label),
      'operations never refused by a limit',
    ).toEqual([]);

    // A spent counter is refused from memory, without the database (docs/rate-limits.md), so
    // the outage would be answered 429: wait for the windows to end, then take the database away.
    await waitForFreshWindows(limited?.url ?? '', key);
    // The database goes away: every operation once more.
    await outage?.down();
    const outageOutcomes = await sendAll(operations.flatMap((op) => generator.requestsFor(op, 1, 0)));
    const unavailable = new Set(
      outageOutcomes.filter((o) => o.status === 503).map((o) => o.request.operation.label),
    );
    // Everything a limit covers reads the database (the key, or the shared counters once the
    // little admitted ahead of a lease is spent).
    expect(
      covered.filter((op) => !unavailable.has(op.label)).map((op) => op.label),
      'operations that did not answer 503',
    ).toEqual([]);
    await outage?.up();

    const { served, faults } = await answersLogged(limited?.logs ?? []);
    const all = [...limitOutcomes, ...outageOutcomes];
    const findings = all
      .map((o) => ({
        o,
        // A 503 is the outage answering, not a server error.
        problems: problemsOf(o, served.get(o.requestId), faults.get(o.requestId)).filter(
          (p) => !(o.status === 503 && p.startsWith('server error 503')),
        ),
      }))
      .filter((f) => f.problems.length > 0);
    const byOp = groupBy(all, (o) => o.request.operation.label);
    console.info(
      `${all.length} requests: ${refusedBy.size} operations answered 429, ${unavailable.size} answered 503\n${summaryLines(byOp, served).join('\n')}`,
    );
    expect(
      findings.length,
      `${findings.length} of ${all.length} answers break the document:\n${reportOf(findings)}`,
    ).toBe(0);
  }, 300_000);
});

/**
 * Waits until a request with `key` passes both limits again: each refusal's `RateLimit` says when
 * its window ends (the address is counted first, so the key's window shows once it passes).
 */
async function waitForFreshWindows(url: string, key: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await fetch(`${url}/api/v1/connections`, { headers: { Authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    if (res.status !== 429) return;
    const seconds = Number(res.headers.get('Retry-After'));
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
  throw new Error('the rate-limit windows did not end');
}

/**
 * Starts the strict Prism proxy (`--errors`, refusing answers the document does not allow) and the
 * lenient one beside it; whichever started is stopped after the test even if the other failed.
 */
async function startPrisms(docFile: string, upstream: string): Promise<[Prism, Prism]> {
  const starting = await Promise.allSettled([
    startPrism(docFile, upstream, true),
    startPrism(docFile, upstream, false),
  ]);
  for (const s of starting) if (s.status === 'fulfilled') prisms.push(s.value);
  return starting.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  }) as [Prism, Prism];
}

/**
 * Writes the document for Prism. Prism 5 validates a 3.1 document's schemas as draft-07, after an
 * OpenAPI 3.0 conversion, unless the document names its dialect; OpenAPI 3.1's default dialect is
 * JSON Schema 2020-12, so Prism is told that much, and the document is otherwise as served.
 */
function writeDocForPrism(docFile: string, doc: object): void {
  writeFileSync(
    docFile,
    JSON.stringify({ jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema', ...doc }),
  );
}

/** What the server's access log says it answered, and the faults it logged, by request id. */
async function answersLogged(logs: readonly Record<string, unknown>[]) {
  // The access log line is written when the response closes, a moment after the client has it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const served = new Map<string, { status: number }>();
  const faults = new Map<string, string>();
  for (const line of logs) {
    if (typeof line.requestId !== 'string') continue;
    if (line.msg === 'request' && typeof line.status === 'number')
      served.set(line.requestId, { status: line.status });
    if (line.msg === 'unexpected fault') faults.set(line.requestId, JSON.stringify(line.fault ?? ''));
  }
  return { served, faults };
}
