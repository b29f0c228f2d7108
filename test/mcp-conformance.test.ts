import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MCP_PATH } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcProcess } from '../packages/server/test/support.js';

// The official MCP conformance suite (`conformance server`) against a real `svc serve`, compared
// with the expected failures of test/mcp-conformance-baseline.yml. Offline: the suite only talks
// to the URL it is given.
const ROOT = join(import.meta.dirname, '..');
const BASELINE = join(ROOT, 'test/mcp-conformance-baseline.yml');
const SUITE_DIR = join(ROOT, 'node_modules/@modelcontextprotocol/conformance');

/** A baseline entry: the scenario, and what its failure must mention (the backticked words of its reason). */
type Expected = { scenario: string; evidence: string[] };

/** The `server:` entries of the baseline, read as the suite reads them plus their `# reason`. */
function readBaseline(): Expected[] {
  return [...readFileSync(BASELINE, 'utf8').matchAll(/^ {2}- ([a-z0-9-]+)(?: #(.*))?$/gm)].map((m) => ({
    scenario: m[1] ?? '',
    evidence: [...(m[2] ?? '').matchAll(/`([^`]+)`/g)].map((e) => e[1] ?? ''),
  }));
}

/** A check the suite wrote to `<output>/server-<scenario>-<time>/checks.json`. */
type Check = { id: string; status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO'; errorMessage?: string };

/** Each scenario the suite ran, with its checks. */
function readResults(dir: string): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const entry of readdirSync(dir)) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
    if (scenario === undefined) continue;
    results.set(scenario, JSON.parse(readFileSync(join(dir, entry, 'checks.json'), 'utf8')));
  }
  return results;
}

/**
 * The suite's client has no way to send credentials, so this relay adds the key's
 * `Authorization` header on its way to the server: tool scenarios then reach the tools, not the
 * 401. Everything else, the Host header included, passes through untouched.
 */
function startAuthorizingRelay(port: number, key: string): Promise<Server> {
  const relay = createServer((req, res) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${key}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => relay.listen(0, '127.0.0.1', () => resolve(relay)));
}

/** Runs the suite's CLI on Node, as `npx conformance` would. */
function runSuite(args: string[]): Promise<{ code: number | null; output: string }> {
  const bin = JSON.parse(readFileSync(join(SUITE_DIR, 'package.json'), 'utf8')).bin.conformance as string;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(SUITE_DIR, bin), ...args], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('MCP conformance suite against svc serve', () => {
  let dataDir: string;
  let outputDir: string;
  let server: ServerProcess | undefined;
  let relay: Server | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-conformance-'));
    outputDir = mkdtempSync(join(tmpdir(), 'svc-conformance-results-'));
    const env = { SVC_DATA_DIR: dataDir, SVC_PUBLISHER: 'off' };
    server = await startServerProcess(env);
    const email = 'conformance@example.com';
    expect((await svcProcess(['users', 'create', '--email', email, '--plan', 'paid'], env)).code).toBe(0);
    const key = (await svcProcess(['keys', 'create', '--email', email, '--scopes', 'svc:*'], env)).json
      .key as string;
    relay = await startAuthorizingRelay(Number(new URL(server.url).port), key);
  }, 60_000);

  afterAll(async () => {
    const started = relay;
    if (started !== undefined) await new Promise((resolve) => started.close(resolve));
    if (server !== undefined && server.child.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outputDir, { recursive: true, force: true });
  });

  it('passes every scenario but the baselined ones, which fail for their stated reason', async () => {
    const url = `http://127.0.0.1:${(relay?.address() as AddressInfo | undefined)?.port}${MCP_PATH}`;
    const run = await runSuite(['server', '--url', url, '--expected-failures', BASELINE, '-o', outputDir]);
    const results = readResults(outputDir);
    const baseline = readBaseline();
    const listed = new Set(baseline.map((b) => b.scenario));
    // As the suite judges: a warning fails a scenario too.
    const failing = (scenario: string) =>
      (results.get(scenario) ?? []).filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
    const scenarios = [...results.keys()];

    expect(scenarios.length, run.output).toBeGreaterThan(20);
    expect(
      {
        unexpectedFailures: scenarios.filter((s) => failing(s).length > 0 && !listed.has(s)),
        nowPassing: scenarios.filter((s) => failing(s).length === 0 && listed.has(s)),
        // An entry the suite no longer runs would never be found stale.
        notRun: [...listed].filter((s) => !results.has(s)),
      },
      run.output,
    ).toEqual({ unexpectedFailures: [], nowPassing: [], notRun: [] });
    for (const { scenario, evidence } of baseline) {
      expect(evidence, `${scenario}: the reason names what the failure must mention`).not.toEqual([]);
      const text = JSON.stringify(failing(scenario));
      for (const word of evidence) expect(text, `${scenario} fails for another reason`).toContain(word);
    }
    // The suite's own verdict on the same baseline.
    expect(run.code, run.output).toBe(0);
  }, 90_000);
});
