import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';
import { svcProcess } from './support.js';

type Check = { name: string; ok: boolean; level: string; message: string };
type Report = { platform: string; mode: string; checks: Check[] };

const reportOf = (json: { platforms: Report[] }, platform: string): Report => {
  const report = json.platforms.find((p) => p.platform === platform);
  if (report === undefined) throw new Error(`no report for ${platform}`);
  return report;
};
const check = (report: Report, name: string) => report.checks.filter((c) => c.name === name);

// `svc platforms check` as a separate process, with this server's sandbox standing in for every
// platform's live endpoints: as the built-in sandbox, and as the "real" host of configured apps.
describe('svc platforms check against the sandbox', () => {
  let server: SandboxServer;

  beforeAll(async () => {
    server = await startSandboxServer();
    await seedUser(server, ['instagram', 'threads', 'facebook', 'tiktok', 'youtube']);
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('reports every platform in sandbox mode, the apps accepted and the accounts’ grants', async () => {
    const run = await svcProcess(['platforms', 'check', '--email', 'ann@example.com'], server.env);
    expect(run.stderr).toBe('');
    const failed = run.json.platforms.flatMap((p: Report) => p.checks.filter((c) => !c.ok));
    expect(failed).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.json.platforms.map((p: Report) => [p.platform, p.mode])).toEqual([
      ['instagram', 'sandbox'],
      ['tiktok', 'sandbox'],
      ['youtube', 'sandbox'],
      ['threads', 'sandbox'],
      ['facebook', 'sandbox'],
    ]);
    for (const platform of ['instagram', 'threads', 'facebook', 'tiktok', 'youtube']) {
      const report = reportOf(run.json, platform);
      expect(check(report, 'app')).toEqual([expect.objectContaining({ ok: true, level: 'pass' })]);
      for (const c of report.checks)
        expect(Object.keys(c).sort()).toEqual(['level', 'message', 'name', 'ok']);
    }
    // debug_token (Facebook, Threads), the stored grant (TikTok) and tokeninfo (YouTube) were read.
    for (const platform of ['facebook', 'threads', 'tiktok', 'youtube']) {
      expect(check(reportOf(run.json, platform), 'account_scopes')).toEqual([
        expect.objectContaining({ ok: true, level: 'pass', message: expect.stringContaining('ann_') }),
      ]);
    }
  }, 60_000);

  it('fails, with exit code 1, when the platform refuses the configured secret', async () => {
    const env = {
      ...server.env,
      FACEBOOK_CLIENT_ID: 'sandbox-facebook-app',
      FACEBOOK_CLIENT_SECRET: 'not-the-secret',
      SVC_UNSAFE_PLATFORM_HOSTS: server.url,
    };
    const run = await svcProcess(['platforms', 'check', '--platform', 'facebook'], env);
    expect(run.code).toBe(1);
    const report = reportOf(run.json, 'facebook');
    expect(report.mode).toBe('live');
    expect(check(report, 'app')).toEqual([
      expect.objectContaining({
        ok: false,
        level: 'fail',
        message: expect.stringContaining('Error validating client secret'),
      }),
    ]);
    // Offline findings of a live app: the exact callback to register, http on loopback warned.
    expect(check(report, 'redirect_uri')).toEqual([
      expect.objectContaining({
        ok: true,
        level: 'warn',
        message: expect.stringContaining(`${server.url}/connect/callback`),
      }),
    ]);
    expect(check(report, 'graph_version')).toEqual([expect.objectContaining({ ok: true })]);
  }, 60_000);

  it('passes a live app the platform accepts, and says unreachable is not wrong', async () => {
    const live = {
      ...server.env,
      TIKTOK_CLIENT_ID: 'sandboxtiktokapp',
      TIKTOK_CLIENT_SECRET: 'sandbox-tiktok-secret',
      SVC_UNSAFE_PLATFORM_HOSTS: server.url,
    };
    const accepted = await svcProcess(['platforms', 'check', '--platform', 'tiktok'], live);
    expect(accepted.code).toBe(0);
    expect(check(reportOf(accepted.json, 'tiktok'), 'app')[0]).toMatchObject({ ok: true, level: 'pass' });

    // Nothing listens on port 9 of loopback: the probe gets no answer.
    const away = await svcProcess(['platforms', 'check', '--platform', 'tiktok'], {
      ...live,
      SVC_UNSAFE_PLATFORM_HOSTS: 'http://127.0.0.1:9',
    });
    expect(away.code).toBe(0);
    expect(check(reportOf(away.json, 'tiktok'), 'app')[0]).toMatchObject({
      ok: true,
      level: 'skipped',
      message: expect.stringContaining('says nothing about whether they are right'),
    });
  }, 60_000);

  it('explains itself with --help and refuses an unknown platform', async () => {
    const help = await svcProcess(['platforms', 'check', '--help'], server.env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: svc platforms check [--platform PLATFORM] [--email EMAIL]');
    const wrong = await svcProcess(['platforms', 'check', '--platform', 'myspace'], server.env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--platform must be one of');
  }, 60_000);
});
