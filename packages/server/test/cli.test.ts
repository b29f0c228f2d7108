import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/index.js';
import { svcInProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();

describe('svc CLI', () => {
  it('explains itself and every command with --help', async () => {
    const overview = await svcInProcess(['--help'], {});
    expect(overview.code).toBe(0);
    for (const command of COMMANDS) {
      expect(overview.stdout).toContain(command.name);
      const help = await svcInProcess([...command.name.split(' '), '--help'], {});
      expect(help.code, command.name).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: svc ${command.name}`));
    }
    expect((await svcInProcess(['keys', '--help'], {})).stdout).toContain('keys revoke');
    expect((await svcInProcess(['--version'], {})).json).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('answers usage errors with one line on stderr and exit code 2', async () => {
    for (const args of [
      ['bogus'],
      ['keys', 'rotate'],
      ['users', 'create', '--email'],
      ['users', 'create', '--wat', 'x'],
      ['keys', 'revoke'],
      ['users', 'create'],
    ]) {
      const outcome = await svcInProcess(args, { SVC_DATA_DIR: dataDir() });
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toMatch(/^svc: [^\n]+\n$/);
    }
    expect((await svcInProcess([], {})).code).toBe(2);
  });

  it('stops with one line naming the variable when the configuration is invalid', async () => {
    const outcome = await svcInProcess(['keys', 'list', '--email', 'a@b.co'], {
      SVC_DATA_DIR: dataDir(),
      PORT: 'x',
    });
    expect(outcome).toMatchObject({ code: 1, stdout: '' });
    expect(outcome.stderr).toBe('svc: Invalid configuration: PORT must be a port number from 0 to 65535\n');
  });

  it('creates users, keys and sandbox accounts, lists and revokes keys', async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const user = await svcInProcess(
      ['users', 'create', '--email', 'Ann@Example.com', '--plan', 'paid', '--beta-tester'],
      env,
    );
    expect(user).toMatchObject({
      code: 0,
      json: { id: expect.stringMatching(/^user_/), email: 'ann@example.com', plan: 'paid', betaTester: true },
    });
    expect((await svcInProcess(['users', 'create', '--email', 'ann@example.com'], env)).stderr).toContain(
      'already exists',
    );
    expect((await svcInProcess(['users', 'create', '--email', 'x@y.z', '--plan', 'gold'], env)).code).toBe(2);

    const account = await svcInProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        'ann@example.com',
        '--platform',
        'threads',
        '--handle',
        '@demo',
      ],
      env,
    );
    expect(account.json).toEqual({
      id: expect.stringMatching(/^acct_/),
      platform: 'threads',
      handle: 'demo',
    });
    const again = await svcInProcess(
      [
        'accounts',
        'connect-sandbox',
        '--email',
        'ann@example.com',
        '--platform',
        'threads',
        '--handle',
        'demo',
      ],
      env,
    );
    expect(again.json.id).toBe(account.json.id);
    expect(
      (
        await svcInProcess(
          [
            'accounts',
            'connect-sandbox',
            '--email',
            'ann@example.com',
            '--platform',
            'myspace',
            '--handle',
            'x',
          ],
          env,
        )
      ).code,
    ).toBe(2);

    const key = await svcInProcess(
      [
        'keys',
        'create',
        '--email',
        'ann@example.com',
        '--scopes',
        'post:write, post:read',
        '--accounts',
        account.json.id,
        '--name',
        'ci',
        '--expires-in-days',
        '30',
      ],
      env,
    );
    expect(key.json).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^svc_key_/),
      scopes: ['post:write', 'post:read'],
      accountIds: [account.json.id],
    });
    expect(
      (await svcInProcess(['keys', 'create', '--email', 'ann@example.com', '--scopes', 'everything'], env))
        .stderr,
    ).toContain('Unknown scope everything');

    const listed = await svcInProcess(['keys', 'list', '--email', 'ann@example.com'], env);
    expect(listed.json.keys).toEqual([
      expect.objectContaining({ id: key.json.id, name: 'ci', revokedAt: null, lastUsedAt: null }),
    ]);
    expect(listed.stdout).not.toContain(key.json.key.split('.')[1]);

    const revoked = await svcInProcess(['keys', 'revoke', key.json.id], env);
    expect(revoked.json).toEqual({ id: key.json.id, revokedAt: expect.any(String) });
    expect(await svcInProcess(['keys', 'revoke', 'key_unknown'], env)).toMatchObject({
      code: 1,
      stderr: 'svc: No API key with the id key_unknown.\n',
    });
  });

  it("creates users on the install's plan for new users, paid unless SVC_DEFAULT_PLAN chose trials, and says so", async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const self = await svcInProcess(['users', 'create', '--email', 'self@example.com'], env);
    expect(self.json).toEqual({
      id: expect.stringMatching(/^user_/),
      email: 'self@example.com',
      plan: 'paid',
      trialEndsAt: null,
      betaTester: false,
      note: expect.stringContaining('paid on a self-hosted install'),
    });
    const chosen = await svcInProcess(
      ['users', 'create', '--email', 'chosen@example.com', '--plan', 'paid'],
      env,
    );
    expect(chosen.json).toMatchObject({ plan: 'paid', note: null });

    const hosted = { ...env, SVC_DEFAULT_PLAN: 'trial', SVC_TRIAL_DAYS: '30' };
    const before = Date.now();
    const trial = await svcInProcess(['users', 'create', '--email', 'trial@example.com'], hosted);
    expect(trial.json).toMatchObject({ plan: 'trial', note: expect.stringContaining('a trial of 30 days') });
    const ends = Date.parse(trial.json.trialEndsAt) - before;
    expect(ends).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(ends).toBeLessThan(30 * 86_400_000 + 60_000);
    // --plan still overrides the setting.
    expect(
      (await svcInProcess(['users', 'create', '--email', 'paid@example.com', '--plan', 'paid'], hosted)).json,
    ).toMatchObject({ plan: 'paid', trialEndsAt: null });
    expect(
      (
        await svcInProcess(['users', 'create', '--email', 'x@example.com'], {
          ...env,
          SVC_DEFAULT_PLAN: 'gold',
        })
      ).stderr,
    ).toBe('svc: Invalid configuration: SVC_DEFAULT_PLAN must be paid or trial\n');
  });

  it("changes an existing user's plan with svc users set-plan", async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    await svcInProcess(['users', 'create', '--email', 'ann@example.com', '--plan', 'expired'], env);
    const paid = await svcInProcess(
      ['users', 'set-plan', '--email', 'Ann@Example.com', '--plan', 'paid'],
      env,
    );
    expect(paid).toMatchObject({
      code: 0,
      json: {
        email: 'ann@example.com',
        plan: 'paid',
        trialEndsAt: null,
        betaTester: false,
        previousPlan: 'expired',
      },
    });
    const trial = await svcInProcess(
      ['users', 'set-plan', '--email', 'ann@example.com', '--plan', 'trial', '--trial-days', '3'],
      env,
    );
    expect(trial.json).toMatchObject({ plan: 'trial', previousPlan: 'paid' });
    expect(Date.parse(trial.json.trialEndsAt) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(
      await svcInProcess(['users', 'set-plan', '--email', 'bob@example.com', '--plan', 'paid'], env),
    ).toMatchObject({
      code: 1,
      stderr: 'svc: No user with the email bob@example.com.\n',
    });
    for (const args of [
      ['--email', 'ann@example.com'],
      ['--email', 'ann@example.com', '--plan', 'gold'],
      ['--plan', 'paid'],
      ['--email', 'ann@example.com', '--plan', 'trial', '--trial-days', 'soon'],
    ]) {
      expect((await svcInProcess(['users', 'set-plan', ...args], env)).code, args.join(' ')).toBe(2);
    }
    expect(
      await svcInProcess(
        ['users', 'set-plan', '--email', 'ann@example.com', '--plan', 'trial', '--trial-days', '0'],
        env,
      ),
    ).toMatchObject({ code: 1, stderr: expect.stringContaining('A trial lasts a whole number of days') });
    const help = await svcInProcess(['--help'], {});
    expect(help.stdout).toContain("users set-plan            Change a user's plan");
  });

  it('refuses sandbox accounts when the sandbox is off', async () => {
    const env = { SVC_DATA_DIR: dataDir(), SVC_SANDBOX: 'off' };
    await svcInProcess(['users', 'create', '--email', 'a@b.co'], env);
    const outcome = await svcInProcess(
      ['accounts', 'connect-sandbox', '--email', 'a@b.co', '--platform', 'tiktok', '--handle', 'x'],
      env,
    );
    expect(outcome).toMatchObject({ code: 1, stderr: expect.stringContaining('sandbox is off') });
  });

  it('runs one round of the maintenance sweeps with svc sweep', async () => {
    const outcome = await svcInProcess(['sweep'], { SVC_DATA_DIR: dataDir() });
    expect(outcome).toMatchObject({
      code: 0,
      json: { refreshed: 0, warned: 0, abandonedUploads: 0 },
    });
    expect((await svcInProcess(['sweep', 'now'], {})).code).toBe(2);
  });

  it('migrates once', async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    expect((await svcInProcess(['migrate'], env)).json).toEqual({
      applied: [
        '0001_initial',
        '0002_quota_usage',
        '0003_drop_posts_owner_created',
        '0004_media_library',
        '0005_connection_requests',
        '0006_drafts_and_approvals',
        '0007_billing',
        '0008_oauth',
        '0009_post_content_hash',
        '0010_event_journal',
        '0011_analytics',
        '0012_follower_reads',
        '0013_automations',
        '0014_event_subjects',
        '0015_oauth_accounts',
        '0016_media_library_list',
        '0017_user_time_zone',
        '0018_last_use',
        '0019_webhooks',
        '0020_token_expiry_warnings',
        '0021_events_owner',
        '0022_pending_media',
        '0023_rate_limits',
        '0024_blob_removals',
        '0025_sweeps',
        '0026_post_warnings',
        '0027_post_groups',
        '0028_journal_clock',
        '0029_posting_slots',
        '0030_evergreen',
        '0031_queued_drafts',
        '0032_workspaces',
        '0033_notifications',
        '0034_first_comment',
        '0035_workspace_credentials',
        '0036_review_links',
        '0037_approval_steps',
        '0038_journal_actor',
        '0039_second_factors',
      ],
    });
    expect((await svcInProcess(['migrate'], env)).json).toEqual({ applied: [] });
  });

  it('validates a payload offline from a file or stdin, exiting 1 on errors', async () => {
    const dir = dataDir();
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ platforms: ['threads'], caption: 'Hello' }));
    // No data directory is created or needed.
    const passed = await svcInProcess(['validate', 'good.json'], {
      SVC_CWD: dir,
      SVC_DATA_DIR: join(dir, 'never'),
    });
    expect(passed).toMatchObject({ code: 0, json: { ok: true, errors: [], warnings: [] } });

    const bad = await svcInProcess(
      ['validate', '-'],
      {},
      JSON.stringify({ platforms: ['instagram'], caption: 'x'.repeat(2201) }),
    );
    expect(bad.code).toBe(1);
    expect(bad.json.errors.map((e: { code: string }) => e.code)).toEqual([
      'caption_too_long',
      'media_required',
    ]);

    expect(await svcInProcess(['validate', '-'], {}, '{nope')).toMatchObject({
      code: 1,
      stderr: 'svc: The payload is not valid JSON.\n',
    });
    expect((await svcInProcess(['validate', 'missing.json'], { SVC_CWD: dir })).stderr).toBe(
      'svc: Cannot read missing.json.\n',
    );
  });
});
