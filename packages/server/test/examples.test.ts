import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess, svcProcess, useDataDirs } from './support.js';

// The examples run the way a user runs them: as their own Node processes, from the TypeScript
// sources (no build, so this works from a clean clone), against a real `svc serve`.
const ROOT = join(import.meta.dirname, '../../..');
const EXAMPLES = join(ROOT, 'examples');
const run = promisify(execFile);
const runExample = (file: string, args: string[], env: Record<string, string> = {}) =>
  run(
    process.execPath,
    ['--conditions=source', '--import', join(ROOT, 'scripts/source-hooks.mjs'), file, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 100_000,
    },
  ).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (failed: { code?: number; stdout?: string; stderr?: string }) => ({
      code: failed.code ?? -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    }),
  );

describe('examples against svc serve', () => {
  const dataDir = useDataDirs();
  let server: ServerProcess;
  let key = '';

  beforeAll(async () => {
    const port = await freePort();
    const env = {
      SVC_DATA_DIR: dataDir(),
      PORT: String(port),
      SVC_BASE_URL: `http://127.0.0.1:${port}`,
      SVC_PUBLISHER: 'on',
      SVC_PUBLISHER_INTERVAL_MS: '1000',
      // The webhook receiver example listens on loopback over http (tests and local trials only).
      SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
    };
    server = await startServerProcess(env);
    const cli = (args: string[]) => svcProcess(args, env);
    await cli(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid']);
    for (const platform of ['instagram', 'threads'])
      await cli([
        'accounts',
        'connect-sandbox',
        '--email',
        'ann@example.com',
        '--platform',
        platform,
        '--handle',
        `ann_${platform}`,
      ]);
    key = (await cli(['keys', 'create', '--email', 'ann@example.com', '--scopes', '*'])).json.key;
  }, 60_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) await server.stop('SIGKILL');
  });

  it('schedule-with-client uploads, schedules to Instagram and Threads, and sees both posted', async () => {
    const result = await runExample(join(EXAMPLES, 'schedule-with-client/src/schedule-with-client.ts'), [], {
      SVC_BASE_URL: server.url,
      SVC_API_KEY: key,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.mediaId).toMatch(/^media_/);
    expect(outcome.posts).toHaveLength(2);
    expect(outcome.posts.map((p: { platforms: string[] }) => p.platforms[0]).sort()).toEqual([
      'instagram',
      'threads',
    ]);
    for (const post of outcome.posts) {
      expect(post).toMatchObject({ status: 'posted', failedReason: null });
      expect(new URL(post.permalink).pathname).toMatch(/^\/sandbox\//);
    }
  }, 120_000);

  it('schedule-with-client says what it needs when the environment lacks it', async () => {
    const result = await runExample(join(EXAMPLES, 'schedule-with-client/src/schedule-with-client.ts'), [], {
      SVC_BASE_URL: '',
      SVC_API_KEY: '',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('SVC_API_KEY');
  }, 60_000);

  it('webhook-receiver verifies and prints a signed post.published, and refuses a forged one', async () => {
    const port = await freePort();
    const subscribed = await fetch(`${server.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/`, events: ['post.published'] }),
    });
    expect(subscribed.status).toBe(201);
    const { secret } = (await subscribed.json()) as { secret: string };
    const receiver = spawn(process.execPath, [join(EXAMPLES, 'webhook-receiver/receiver.mjs')], {
      env: { ...process.env, PORT: String(port), SVC_WEBHOOK_SECRET: secret },
    });
    let printed = '';
    receiver.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    try {
      await waitUntil(() => printed.includes('listening'), 10_000);
      const forged = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{"type":"post.published","data":{"id":"post_forged"}}',
      });
      expect(forged.status).toBe(400);
      const published = await fetch(`${server.url}/api/v1/publish`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ platforms: ['threads'], caption: 'Hello, receiver' }),
      });
      const postId = ((await published.json()) as { postIds: string[] }).postIds[0];
      await waitUntil(() => printed.includes(`post.published ${postId} http`), 30_000);
      expect(printed).not.toContain('post_forged');
    } finally {
      receiver.kill();
    }
  }, 60_000);

  it('mcp-desktop-agent: both configurations point at /api/mcp, hold no secret, and get the OAuth challenge', async () => {
    const dir = join(EXAMPLES, 'mcp-desktop-agent');
    for (const file of ['mcp.json', 'claude_desktop_config.json']) {
      const text = readFileSync(join(dir, file), 'utf8');
      const entry = JSON.parse(text).mcpServers?.svc;
      expect(entry, file).toBeDefined();
      const url = new URL(entry.url ?? entry.args.at(-1));
      expect(url.href, file).toBe('http://localhost:3000/api/mcp');
      expect(entry.headers, file).toBeUndefined();
      expect(entry.env, file).toBeUndefined();
      expect(text, file).not.toMatch(/svc_|bearer|authorization|token|secret|password|api[_-]?key/i);

      // The same path on the running server answers a tool call without a token with the challenge
      // that starts OAuth discovery (listing tools needs none).
      const challenge = await fetch(`${server.url}${url.pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'svc_list_connected_social_accounts', arguments: {} },
        }),
      });
      expect(challenge.status, file).toBe(401);
      expect(challenge.headers.get('www-authenticate'), file).toMatch(
        /resource_metadata="[^"]*\/\.well-known\/oauth-protected-resource\/api\/mcp"/,
      );
    }
  });
});

describe('policy-check example', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a good payload file and fails a bad one, printing each finding', async () => {
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify({ platforms: ['threads'], caption: 'Launch day!' }));
    writeFileSync(bad, JSON.stringify({ platforms: ['instagram', 'youtube'], caption: 'x'.repeat(2300) }));
    const script = join(EXAMPLES, 'policy-check/src/check-posts.ts');

    const passing = await runExample(script, [good]);
    expect(passing).toMatchObject({ code: 0, stderr: '' });
    expect(passing.stdout).toContain('1 of 1 payloads pass the policy.');

    const failing = await runExample(script, [good, bad]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('1 of 2 payloads pass the policy.');
    for (const code of ['caption_too_long', 'media_required', 'title_required'])
      expect(failing.stdout).toMatch(new RegExp(`bad\\.json: error ${code} `));
  }, 60_000);
});

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
