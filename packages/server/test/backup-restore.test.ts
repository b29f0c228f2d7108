import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import {
  checkSqliteBackup,
  looksLikeSqlite,
  migrateSqlite,
  openSqliteStore,
  SQLITE_MIGRATIONS,
} from '@svc/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, svcInProcess, svcProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
});

/** A paid user with a sandbox Threads account and a key that may create posts, made with the real CLI. */
async function seed(dir: string): Promise<string> {
  const env = { SVC_DATA_DIR: dir };
  const email = 'writer@example.com';
  expect((await svcProcess(['users', 'create', '--email', email, '--plan', 'paid'], env)).code).toBe(0);
  const account = await svcProcess(
    ['accounts', 'connect-sandbox', '--email', email, '--platform', 'threads', '--handle', 'writer'],
    env,
  );
  expect(account.code, account.stderr).toBe(0);
  const key = await svcProcess(['keys', 'create', '--email', email, '--scopes', 'post:write'], env);
  expect(key.code, key.stderr).toBe(0);
  return key.json.key as string;
}

/** Post ids in the order their creation was answered 200, with when each answer arrived. */
type Acknowledged = { id: string; at: number }[];

/**
 * Writers creating posts through REST as fast as the server takes them, until `stop()` or a
 * time and count bound (the loop never runs unbounded).
 */
function startWriters(server: ServerProcess, key: string, writers: number) {
  const acknowledged: Acknowledged = [];
  const failures: string[] = [];
  let stopped = false;
  let sent = 0;
  const deadline = Date.now() + 60_000;
  const loop = async (writer: number) => {
    while (!stopped && Date.now() < deadline && sent < 20_000) {
      sent += 1;
      const res = await fetch(`${server.url}/api/v1/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          platforms: ['threads'],
          caption: `load ${writer} ${sent} ${Math.random()}`,
          scheduledTime: '2031-01-01T09:00:00Z',
        }),
      });
      const body = (await res.json()) as { postIds?: string[]; code?: string };
      if (res.status === 200 && body.postIds !== undefined) {
        const at = Date.now();
        for (const id of body.postIds) acknowledged.push({ id, at });
      } else failures.push(`${res.status} ${body.code}`);
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, i) => loop(i)));
  return {
    acknowledged,
    failures,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('svc backup and svc restore', () => {
  it('back up under write load and restore every post acknowledged before the backup started', async () => {
    const dir = dataDir();
    const server = await startServerProcess({
      SVC_DATA_DIR: dir,
      SVC_PUBLISHER: 'off',
      SVC_PAID_POSTS_PER_MONTH: '1000000',
      // Write load from one key and one address, far beyond what the rate limits let through.
      SVC_PAID_RATE_LIMIT: 'off',
      SVC_ADDRESS_RATE_LIMIT: 'off',
    });
    running.push(server);
    const key = await seed(dir);
    const writers = startWriters(server, key, 4);
    await until(() => writers.acknowledged.length >= 100, 30_000);

    const backupDir = dataDir();
    const file = join(backupDir, 'svc-backup.db');
    const startedAt = Date.now();
    const before = writers.acknowledged.map((a) => a.id);
    const backup = await svcProcess(['backup', file], { SVC_DATA_DIR: dir });
    const endedAt = Date.now();
    const during = writers.acknowledged.filter((a) => a.at > startedAt && a.at < endedAt).length;
    await writers.stop();
    await server.stop();

    expect(backup.code, backup.stderr).toBe(0);
    expect(writers.failures).toEqual([]);
    // The backup really ran under load: posts kept being committed while it worked.
    expect(during).toBeGreaterThan(0);
    expect(backup.json).toEqual({ file, bytes: expect.any(Number), pages: expect.any(Number) });
    expect(backup.json.bytes).toBe(readFileSync(file).length);
    // Only the backup itself: no temporary file or SQLite sidecar left beside it.
    expect(readdirSync(backupDir)).toEqual(['svc-backup.db']);
    expect(checkSqliteBackup(file)).toEqual({ ok: true });

    const restoredDir = join(dataDir(), 'restored');
    const restored = await svcProcess(['restore', file], { SVC_DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({
      restored: file,
      database: join(restoredDir, 'svc.db'),
      applied: [],
      migration: expect.any(String),
      counts: { users: 1, accounts: 1, posts: expect.any(Number) },
      notes: expect.arrayContaining([expect.stringContaining('Media bytes are not in the backup')]),
    });
    expect(restored.json.counts.posts).toBeGreaterThanOrEqual(before.length);
    expect(restored.json.counts.posts).toBeLessThanOrEqual(writers.acknowledged.length);
    expect(checkSqliteBackup(join(restoredDir, 'svc.db'))).toEqual({ ok: true });

    const store = openSqliteStore({ path: join(restoredDir, 'svc.db'), migrate: false });
    try {
      const missing: string[] = [];
      for (const id of before) if ((await store.posts.getPost(id)) === null) missing.push(id);
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('refuses, with exit code 2 and nothing written, what it must not do', async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    const out = dataDir();

    // No database yet.
    const nothing = await svcInProcess(['backup', join(out, 'a.db')], env);
    expect(nothing).toMatchObject({ code: 2, stdout: '' });
    expect(nothing.stderr).toMatch(/^svc: There is no database to back up at .+\n$/);
    expect(existsSync(join(dir, 'svc.db'))).toBe(false);

    expect((await svcInProcess(['migrate'], env)).code).toBe(0);

    // An existing file is kept unless --force.
    const existing = join(out, 'existing.db');
    writeFileSync(existing, 'keep me');
    const kept = await svcInProcess(['backup', existing], env);
    expect(kept).toMatchObject({ code: 2, stdout: '' });
    expect(kept.stderr).toContain('--force');
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    expect(readdirSync(out)).toEqual(['existing.db']);
    const forced = await svcInProcess(['backup', existing, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(looksLikeSqlite(readFileSync(existing))).toBe(true);
    expect(readdirSync(out)).toEqual(['existing.db']);

    // PostgreSQL: pg_dump, not us.
    const postgres = { ...env, DATABASE_URL: 'postgres://svc@127.0.0.1:1/svc' };
    for (const args of [
      ['backup', join(out, 'pg.db')],
      ['restore', existing],
    ]) {
      const refused = await svcInProcess(args, postgres);
      expect(refused, args[0]).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr).toContain('pg_dump');
    }
    expect(existsSync(join(out, 'pg.db'))).toBe(false);

    // Restoring over a database: the target is left as it was.
    const before = readFileSync(join(dir, 'svc.db'));
    const over = await svcInProcess(['restore', existing], env);
    expect(over).toMatchObject({ code: 2, stdout: '' });
    expect(over.stderr).toContain('svc.db exists');
    expect(readFileSync(join(dir, 'svc.db')).equals(before)).toBe(true);

    // A text file, into a data directory that does not exist yet and one that is empty.
    const text = join(out, 'notes.txt');
    writeFileSync(text, 'not a database\n');
    const missingDir = join(dataDir(), 'never-made');
    const emptyDir = dataDir();
    for (const target of [missingDir, emptyDir]) {
      const refused = await svcInProcess(['restore', text], { SVC_DATA_DIR: target });
      expect(refused).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr).toContain('is not an SQLite database');
    }
    expect(existsSync(missingDir)).toBe(false);
    expect(readdirSync(emptyDir)).toEqual([]);

    // An SQLite database that is not ours: checked on a temporary copy, which is removed.
    const foreign = join(out, 'foreign.db');
    const db = new DatabaseSync(foreign);
    db.exec('CREATE TABLE notes (body TEXT)');
    db.close();
    for (const target of [missingDir, emptyDir]) {
      const refused = await svcInProcess(['restore', foreign], { SVC_DATA_DIR: target });
      expect(refused).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr).toContain('no schema_migrations table');
    }
    expect(existsSync(missingDir)).toBe(false);
    expect(readdirSync(emptyDir)).toEqual([]);

    // The backup taken with --force restores into a data directory that already holds media.
    const withMedia = dataDir();
    mkdirSync(join(withMedia, 'media'));
    const restored = await svcInProcess(['restore', existing], { SVC_DATA_DIR: withMedia });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json.counts).toEqual({ users: 0, accounts: 0, posts: 0 });
    expect(readdirSync(withMedia).sort()).toEqual(['media', 'svc.db']);
  });

  it('brings a backup from an older release up to date', async () => {
    const older = join(dataDir(), 'older.db');
    const upTo = SQLITE_MIGRATIONS.length - 3;
    migrateSqlite(older, SQLITE_MIGRATIONS.slice(0, upTo));
    const target = dataDir();
    const restored = await svcProcess(['restore', older], { SVC_DATA_DIR: target });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({
      migratedFrom: SQLITE_MIGRATIONS[upTo - 1]?.id,
      applied: SQLITE_MIGRATIONS.slice(upTo).map((m) => m.id),
      migration: SQLITE_MIGRATIONS.at(-1)?.id,
      counts: { users: 0, accounts: 0, posts: 0 },
    });
    expect((await svcProcess(['migrate'], { SVC_DATA_DIR: target })).json).toEqual({ applied: [] });
  });
});
