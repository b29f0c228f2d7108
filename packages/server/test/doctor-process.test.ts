import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSTGRES_MIGRATIONS } from '@svc/store-postgres';
import { describePostgres } from '@svc/store-postgres/testing';
import { migrateSqlite, SQLITE_MIGRATIONS } from '@svc/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMotoServer } from '../../media/test/moto-server.js';
import { loopbackSmtp } from './loopback-smtp.js';
import { type CliOutcome, freePort, svcInProcess, svcProcess, useDataDirs } from './support.js';

type Check = { name: string; ok: boolean; level: string; message: string };

const CHECK_NAMES = [
  'base_url',
  'master_secret',
  'data_dir',
  'database',
  'media_store',
  'smtp',
  'clock',
  'sandbox_exposure',
  'metrics_token',
];

const dataDir = useDataDirs();
const checkOf = (run: CliOutcome, name: string): Check => {
  const found = (run.json.checks as Check[]).find((c) => c.name === name);
  if (found === undefined) throw new Error(`no ${name} check in ${run.stdout}`);
  return found;
};
const failedNames = (run: CliOutcome) => (run.json.checks as Check[]).filter((c) => !c.ok).map((c) => c.name);

// A deployment on this machine as an operator sets it up: SQLite in a migrated data directory,
// listening and linked on loopback, a strong secret, e-mail through a live SMTP server.
async function goodEnv(smtpPort: number): Promise<Record<string, string>> {
  const dir = dataDir();
  const port = await freePort();
  const env = {
    SVC_DATA_DIR: dir,
    HOST: '127.0.0.1',
    PORT: String(port),
    SVC_BASE_URL: `http://127.0.0.1:${port}`,
    SVC_SECRET: randomBytes(32).toString('base64'),
    SVC_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  const migrated = await svcInProcess(['migrate'], env);
  expect(migrated.code, migrated.stderr).toBe(0);
  return env;
}

describe('svc doctor', () => {
  const smtp = loopbackSmtp();
  const moto = useMotoServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it('passes a good deployment with exit code 0, every check named, nothing changed', async () => {
    const env = await goodEnv(smtp.port);
    const run = await svcProcess(['doctor'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.json.ok).toBe(true);
    expect(run.json.checks.map((c: Check) => c.name)).toEqual(CHECK_NAMES);
    for (const check of run.json.checks as Check[]) {
      expect(Object.keys(check).sort()).toEqual(['level', 'message', 'name', 'ok']);
      expect(check.ok, check.message).toBe(true);
    }
    expect(checkOf(run, 'database')).toMatchObject({
      level: 'pass',
      message: expect.stringContaining('fully migrated'),
    });
    expect(checkOf(run, 'smtp')).toMatchObject({ level: 'pass' });
    expect(checkOf(run, 'base_url')).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('loopback'),
    });
    expect(checkOf(run, 'clock')).toMatchObject({ level: 'skipped' });
    expect(run.stdout).not.toContain(env.SVC_SECRET);
    // It sent no e-mail: the SMTP check only greets the server.
    expect(smtp.received).toEqual([]);

    const text = await svcProcess(['doctor', '--text'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ok {4}master_secret {5}SVC_SECRET is set and strong/m);
    expect(text.stdout).toMatch(/^All checks passed\. \d+ warning\(s\) to read above\.$/m);
  }, 120_000);

  it('fails a broken deployment with exit code 1, naming each failure and its fix, never a secret', async () => {
    const file = join(dataDir(), 'a-file');
    writeFileSync(file, 'not a directory');
    const [closedDb, closedSmtp] = [await freePort(), await freePort()];
    const secrets = ['pgpass-8d1f2c', 'smtppass-41ab9e', 'password'.repeat(4)];
    const env = {
      ...moto().serverEnv('svc-no-such-bucket'),
      SVC_DATA_DIR: join(file, 'data'),
      HOST: '127.0.0.1',
      SVC_BASE_URL: 'http://127.0.0.1:3000',
      SVC_SECRET: secrets[2] ?? '',
      DATABASE_URL: `postgres://svc:${secrets[0]}@127.0.0.1:${closedDb}/svc`,
      SVC_SMTP_URL: `smtp://mailer:${secrets[1]}@127.0.0.1:${closedSmtp}`,
    };
    const run = await svcProcess(['doctor'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.json.ok).toBe(false);
    expect(failedNames(run)).toEqual(['master_secret', 'data_dir', 'database', 'media_store', 'smtp']);
    expect(checkOf(run, 'master_secret').message).toContain('openssl rand -base64 32');
    expect(checkOf(run, 'data_dir').message).toMatch(/is not writable \(.*\): make it a directory/);
    expect(checkOf(run, 'database').message).toMatch(
      new RegExp(
        `PostgreSQL at 127\\.0\\.0\\.1:${closedDb}/svc cannot be opened \\(.*ECONNREFUSED.*\\): start PostgreSQL or fix DATABASE_URL`,
      ),
    );
    expect(checkOf(run, 'media_store').message).toContain(
      'The bucket svc-no-such-bucket does not exist (s3://svc-no-such-bucket/media at http://127.0.0.1:',
    );
    expect(checkOf(run, 'smtp').message).toMatch(
      new RegExp(
        `smtp://127\\.0\\.0\\.1:${closedSmtp} \\(.*ECONNREFUSED.*\\): check the host, port and credentials`,
      ),
    );
    // Without the database there is no clock to compare with: skipped, not failed.
    expect(checkOf(run, 'clock')).toMatchObject({ ok: true, level: 'skipped' });
    for (const secret of secrets) expect(run.stdout + run.stderr).not.toContain(secret);

    const text = await svcProcess(['doctor', '--text'], env);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^FAIL {2}smtp {14}Cannot use the SMTP server/m);
    expect(text.stdout).toContain('5 check(s) failed.');
    for (const secret of secrets) expect(text.stdout).not.toContain(secret);
  }, 120_000);

  it('names the migrations an un-migrated database lacks, failing when processes would refuse to start', async () => {
    const env = await goodEnv(smtp.port);
    const partial = join(dataDir(), 'svc.db');
    migrateSqlite(partial, SQLITE_MIGRATIONS.slice(0, -2));
    const lacking = SQLITE_MIGRATIONS.slice(-2).map((m) => m.id);
    const stale = { ...env, SVC_DATA_DIR: join(partial, '..'), SVC_MIGRATE_ON_START: 'off' };
    const run = await svcProcess(['doctor'], stale);
    expect(run.code).toBe(1);
    expect(failedNames(run)).toEqual(['database']);
    expect(checkOf(run, 'database').message).toContain(
      `2 migration(s) pending: ${lacking.join(', ')}. Run \`svc migrate\``,
    );
    // With migrations applied at start it is a warning: the next start brings it up to date.
    const onStart = await svcProcess(['doctor'], { ...stale, SVC_MIGRATE_ON_START: 'on' });
    expect(onStart.code).toBe(0);
    expect(checkOf(onStart, 'database')).toMatchObject({ level: 'warn' });
  }, 120_000);

  it('reports an invalid environment as a failed configuration check, without the value', async () => {
    const run = await svcProcess(['doctor'], { SVC_DATA_DIR: dataDir(), SVC_SECRET: 'short-secret-77' });
    expect(run.code).toBe(1);
    expect(run.json).toEqual({
      ok: false,
      checks: [
        {
          name: 'configuration',
          ok: false,
          level: 'fail',
          message: expect.stringContaining('SVC_SECRET must be at least 32 characters'),
        },
      ],
    });
    expect(run.stdout).not.toContain('short-secret-77');
  }, 120_000);

  it('explains its checks with --help', async () => {
    const help = await svcInProcess(['doctor', '--help'], {});
    expect(help.code).toBe(0);
    for (const name of ['configuration', ...CHECK_NAMES]) expect(help.stdout).toContain(name);
  });
});

await describePostgres('svc doctor on PostgreSQL', (db) => {
  it('passes a reachable, migrated database and compares the clocks', async () => {
    const env = {
      SVC_DATA_DIR: dataDir(),
      DATABASE_URL: db.url(),
      HOST: '127.0.0.1',
      SVC_SECRET: randomBytes(32).toString('base64'),
    };
    const before = await svcProcess(['doctor'], env);
    expect(checkOf(before, 'database')).toMatchObject({
      level: 'warn',
      message: expect.stringContaining(`${POSTGRES_MIGRATIONS.length} migration(s) pending`),
    });
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    const run = await svcProcess(['doctor'], env);
    expect(run.code, run.stdout).toBe(0);
    expect(checkOf(run, 'database')).toMatchObject({
      level: 'pass',
      message: expect.stringContaining('fully migrated'),
    });
    // The same machine's PostgreSQL: the same clock.
    expect(checkOf(run, 'clock')).toMatchObject({
      level: 'pass',
      message: expect.stringContaining("of the database server's"),
    });
  }, 120_000);
});
