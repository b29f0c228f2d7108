import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quickstartCommands, readme, runCommands, shellBlocks } from './readme-quickstart.js';
import { type ServerProcess, startServerProcess, useDataDirs } from './support.js';

// Issue 30, "a self-hoster locked out of their own server": a fresh install, the README's quick
// start as written, then the clock moved past the 14 days a trial used to last. The clock of the
// real processes (the server and every `svc` command) is moved by libfaketime, preloaded with its
// offset in a file that is re-read on every clock read (no switch of ours in production code).
// Monotonic clocks stay real, so the server's timers are not disturbed. .ci/run installs it.
const LIBFAKETIME = process.env.LIBFAKETIME_PATH ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const DAY = 86_400_000;
// What the README's quick start schedules, sent again once the clock has moved (with its own
// caption each time: the same one on the same account and time is refused as a repeat).
const postLike = (n: number) => ({
  platforms: ['threads'],
  caption: `Hello from svc, ${n}`,
  scheduledTime: '2030-01-01T09:00:00Z',
});

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

/** A fresh install whose processes read a clock the test moves. */
async function freshInstall(extra: Record<string, string>) {
  const dir = dataDir();
  const offsetFile = join(dir, 'faketime');
  const moveClock = (days: number) => writeFileSync(offsetFile, `+${days}d\n`);
  moveClock(0);
  const env = {
    SVC_DATA_DIR: join(dir, 'data'),
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME_TIMESTAMP_FILE: offsetFile,
    FAKETIME_NO_CACHE: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    ...extra,
  };
  const server = await startServerProcess(env);
  running.push(server);
  // The README's commands, as written, against this server.
  const quickstart = await runCommands(quickstartCommands(), server.url, env, ['SVC_KEY']);
  const key = quickstart.variables.SVC_KEY ?? '';
  expect(key).toMatch(/^svc_key_/);
  let posted = 0;
  const post = async () => {
    const res = await fetch(`${server.url}/api/v1/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(postLike(++posted)),
    });
    return { status: res.status, body: await res.json() };
  };
  // The README's next step: a password for the console, then the Overview as the person sees it.
  const overview = async () => {
    const block = shellBlocks(readme()).find((b) => b.includes('users set-password')) ?? '';
    await runCommands([block], server.url, env);
    const password = /printf '([^']+)'/.exec(block)?.[1] ?? '';
    const signedIn = await fetch(`${server.url}/app/sign-in`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'you@example.com', password, next: '/app' }),
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    return (await fetch(`${server.url}/app`, { headers: { cookie } })).text();
  };
  // The server's own clock, as its answers are dated.
  const serverNow = async () =>
    Date.parse((await fetch(`${server.url}/api/health`)).headers.get('date') ?? '');
  return { env, server, quickstart, moveClock, post, overview, serverNow };
}

describe('no lock-out on a self-hosted install: the README quick start with the clock moved past the trial', () => {
  beforeAll(() => {
    if (!existsSync(LIBFAKETIME)) {
      throw new Error(
        `libfaketime is missing at ${LIBFAKETIME}: apt-get install faketime (.ci/run installs it)`,
      );
    }
  });

  it('by default a new user is on the paid plan, so posting still works 15 days later', async () => {
    const install = await freshInstall({});
    const [created, , , , , read] = install.quickstart.outputs;
    expect(JSON.parse(read ?? '')).toMatchObject({ status: 'scheduled', caption: 'Hello from svc' });

    const before = await install.serverNow();
    install.moveClock(15);
    await expect.poll(install.serverNow, { timeout: 5000 }).toBeGreaterThan(before + 14 * DAY);
    // Before: a 14-day trial, and every post refused plan_required from here on.
    expect(await install.post()).toMatchObject({ status: 200, body: { status: 'scheduled' } });

    // The install said so: at start, and when the user was created.
    expect(install.server.logs.find((l) => String(l.msg).startsWith('listening'))).toMatchObject({
      newUserPlan: 'paid (no end date)',
    });
    expect(JSON.parse(created ?? '')).toMatchObject({
      email: 'you@example.com',
      plan: 'paid',
      trialEndsAt: null,
      note: expect.stringContaining('paid on a self-hosted install'),
    });
  }, 90_000);

  it('with SVC_DEFAULT_PLAN=trial, the lapsed trial is refused with what to do, and svc users set-plan lifts it', async () => {
    const install = await freshInstall({ SVC_DEFAULT_PLAN: 'trial' });
    const [created, , , , , read] = install.quickstart.outputs;
    expect(JSON.parse(created ?? '')).toMatchObject({ plan: 'trial', trialEndsAt: expect.any(String) });
    expect(JSON.parse(read ?? '')).toMatchObject({ status: 'scheduled' });

    const before = await install.serverNow();
    install.moveClock(15);
    await expect.poll(install.serverNow, { timeout: 5000 }).toBeGreaterThan(before + 14 * DAY);
    // Before: "Choose a plan", which nobody can on a self-hosted server.
    const refused = await install.post();
    expect(refused).toEqual({
      status: 403,
      body: {
        code: 'plan_required',
        error:
          'Your trial has ended, so new posts cannot be scheduled. Ask the operator of this server to change your plan (svc users set-plan); reading your posts and accounts still works.',
      },
    });

    // The console tells the person what happened, what still works and what to ask the operator.
    const lapsed = await install.overview();
    expect(lapsed).toContain('<h2 id="plan-notice-heading">Your trial has ended</h2>');
    expect(lapsed).toMatch(/<p>Your trial ended on <time datetime="[^"]+">[^<]+ UTC<\/time>\.<\/p>/);
    expect(lapsed).toContain('<p>Still works: reading your posts');
    expect(lapsed).toContain('<p>Stopped: scheduling posts');
    expect(lapsed).toContain('<code>svc users set-plan --email you@example.com --plan paid</code>');

    // The operator, on the same machine and clock, changes the plan; the server sees it at once.
    const { outputs } = await runCommands(
      ['pnpm svc users set-plan --email you@example.com --plan paid'],
      install.server.url,
      install.env,
    );
    expect(JSON.parse(outputs[0] ?? '')).toMatchObject({
      email: 'you@example.com',
      plan: 'paid',
      trialEndsAt: null,
      previousPlan: 'trial',
    });
    expect(await install.post()).toMatchObject({ status: 200, body: { status: 'scheduled' } });
    const lifted = await install.overview();
    expect(lifted).not.toContain('plan-notice');
    expect(lifted).toContain('<p>Plan: Paid. 1 connected account(s).</p>');

    expect(install.server.logs.find((l) => String(l.msg).startsWith('listening'))).toMatchObject({
      newUserPlan: 'trial (14 days)',
    });
    expect(JSON.parse(created ?? '').note).toContain('a trial of 14 days');
  }, 90_000);
});
