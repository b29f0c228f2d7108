import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

/** One load run's outcome. */
export type LoadResult = {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  non2xx: number;
  errors: number;
};

/** Loads `url` with autocannon for `seconds` after a short warm-up, with the same settings every time. */
export async function load(
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** A new body for every request (posts with the same content would be refused as repeats). */
    bodyOf?: () => string;
    seconds: number;
  },
): Promise<LoadResult> {
  const { bodyOf } = options;
  const base = {
    url,
    connections: 32,
    pipelining: 1,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(bodyOf === undefined
      ? {}
      : { requests: [{ setupRequest: (request: object) => ({ ...request, body: bodyOf() }) }] }),
  };
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts a Node script that serves HTTP on `PORT` (passed in its environment) and resolves once
 * `readyPath` answers. Its output is drained and dropped, so it never blocks on a full pipe.
 */
export async function startChild(
  args: string[],
  env: Record<string, string>,
  readyPath = '/',
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // A minute: on a machine shared with other work a server can take that long to start.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    const ready = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not start`);
}

/** Stops a child process and waits for it. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs the `svc` CLI and returns its JSON answer. */
export async function svc(
  bin: string,
  args: string[],
  env: Record<string, string>,
): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, [bin, ...args], { env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}

/**
 * Rate limits for a server under load: counted on every request as in production, but far above
 * what a benchmark sends, so none is refused. BENCH_RATE_LIMITS=off turns them off, to measure
 * what counting costs; a number sets that many requests a minute.
 */
export function benchRateLimits(): Record<string, string> {
  const limit = process.env.BENCH_RATE_LIMITS ?? '1000000000';
  return { SVC_PAID_RATE_LIMIT: limit, SVC_ADDRESS_RATE_LIMIT: limit };
}

/**
 * A paid user with one sandbox Threads account and a key of `post:write,post:read`: what the
 * request benchmarks act as. Returns the account id (a profile id) and the key.
 */
export async function seedBenchUser(
  bin: string,
  env: Record<string, string>,
): Promise<{ accountId: string; key: string }> {
  const email = 'bench@example.com';
  await svc(bin, ['users', 'create', '--email', email, '--plan', 'paid'], env);
  const account = await svc(
    bin,
    ['accounts', 'connect-sandbox', '--email', email, '--platform', 'threads', '--handle', 'bench'],
    env,
  );
  const { key } = await svc(
    bin,
    ['keys', 'create', '--email', email, '--scopes', 'post:write,post:read'],
    env,
  );
  return { accountId: account.id as string, key: key as string };
}
