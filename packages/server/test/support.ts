import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { runCli } from '../src/index.js';

/** The `svc` launcher, run as a separate process the way users run it. */
export const SVC_BIN = join(import.meta.dirname, '../bin/svc.js');

/** A free TCP port on loopback, for servers whose address must be known before they start. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A fresh data directory per call, removed after the test. */
export function useDataDirs(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-data-'));
    made.push(dir);
    return dir;
  };
}

/** What a command printed and how it ended. */
export type CliOutcome = { code: number; stdout: string; stderr: string; json: any };

/** Runs `svc` in this process with its own environment (fast; for testing commands). */
export async function svcInProcess(
  args: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { LOG_LEVEL: 'silent', ...env },
    cwd: env.SVC_CWD ?? process.cwd(),
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => stdin,
  });
  return { code, stdout, stderr, json: parseOrNull(stdout) };
}

/** Runs the `svc` binary as a child process. */
export function svcProcess(args: string[], env: Record<string, string>): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SVC_BIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, json: parseOrNull(stdout) }));
  });
}

/** A `svc serve` process on a free port. */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Every log line so far, parsed. */
  logs: Record<string, unknown>[];
  /** Sends the signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Rate limits far above what a test sends: tests poll a post every 50 ms with one key from one
 * address, which a slow machine could stretch past the default limits and then wait out a whole
 * window. The rate-limit tests set the limits they check.
 */
export const TEST_RATE_LIMITS = {
  SVC_TRIAL_RATE_LIMIT: '100000',
  SVC_PAID_RATE_LIMIT: '100000',
  SVC_ADDRESS_RATE_LIMIT: '100000',
  SVC_REGISTRATION_RATE_LIMIT: '100000',
} as const;

/** Starts `svc serve` as a child process and resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SVC_BIN, 'serve'], {
    env: { ...process.env, PORT: '0', ...TEST_RATE_LIMITS, ...env },
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 20_000);
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        const entry = parseOrNull(line);
        if (entry === null) continue;
        logs.push(entry);
        if (typeof entry.port === 'number' && String(entry.msg).startsWith('listening')) {
          clearTimeout(timer);
          resolve({
            url: `http://127.0.0.1:${entry.port}`,
            child,
            logs,
            stop(signal = 'SIGTERM') {
              child.kill(signal);
              return ended;
            },
          });
        }
      }
    });
    void ended.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening: ${stderr}`));
    });
  });
}

function parseOrNull(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
