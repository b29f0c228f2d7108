import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  quickstartCommands,
  readme,
  runCommands,
  shellBlocks,
} from '../packages/server/test/readme-quickstart.js';

// The README's quick start, run as written: `pnpm start`, then every command of the quick-start
// block in bash. Only the port differs (a free one instead of 3000) and the data directory (a
// temporary one instead of ./.svc-data), so the test can run beside a developer's server.
const ROOT = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('README quick start', () => {
  let server: ChildProcess;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    expect(shellBlocks(readme())[0]).toBe('pnpm install && pnpm start');
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'svc-readme-'));
    // Its own process group, so stopping it stops pnpm, its shell and the server together.
    server = spawn('pnpm', ['start'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, PORT: String(port), SVC_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    for (let i = 0; i < 240; i++) {
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('pnpm start did not bring the server up');
  }, 150_000);

  afterAll(() => {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every command of the quick start, and each does what the README says', async () => {
    const commands = quickstartCommands();
    expect(commands.length).toBeGreaterThanOrEqual(6);
    // Each command's output is delimited, so each can be checked on its own.
    const { outputs } = await runCommands(commands, `http://127.0.0.1:${port}`, { SVC_DATA_DIR: dataDir });

    // A self-hosted install gives new users the paid plan (SVC_DEFAULT_PLAN), and says so.
    expect(JSON.parse(outputs[0] ?? '')).toMatchObject({
      email: 'you@example.com',
      plan: 'paid',
      trialEndsAt: null,
      note: expect.stringContaining('paid on a self-hosted install'),
    });
    expect(outputs[1]).toBe(''); // the key went into SVC_KEY
    expect(JSON.parse(outputs[2] ?? '')).toMatchObject({ platform: 'threads', handle: 'demo' });
    expect(JSON.parse(outputs[3] ?? '')).toMatchObject({
      count: 1,
      accounts: [{ platform: 'threads', handle: 'demo' }],
    });
    expect(outputs[4]).toBe(''); // the post id went into POST_ID
    expect(JSON.parse(outputs[5] ?? '')).toMatchObject({
      id: expect.stringMatching(/^post_/),
      status: 'scheduled',
      caption: 'Hello from svc',
      platforms: ['threads'],
      scheduledTime: '2030-01-01T09:00:00.000Z',
    });
  }, 60_000);
});
