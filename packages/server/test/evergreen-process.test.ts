import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Post, type Store, WEEKDAYS } from '@svc/core';
import { anAccount, aPost, aUser } from '@svc/core/testing';
import { openPostgresStore } from '@svc/store-postgres';
import { describePostgres } from '@svc/store-postgres/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SVC_BIN, svcInProcess, useDataDirs } from './support.js';

// Issue 35, Done when: "The recycling rule re-queues a posted evergreen post exactly once per
// period across a crash of the process that does it." Real `svc publisher` processes, killed with
// SIGKILL the moment their sweep has made some copies and not all, then restarted: in the end
// every evergreen post has exactly one copy, with one `post.recycled` event, each on its own slot.
// On PostgreSQL two publishers sweep at once while one of them is killed and restarted.

const dataDir = useDataDirs();
const DAY = 86_400_000;
const ORIGINALS = 300;
const SECRET = 'evergreen-process-master-secret-of-40-chars';
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startPublisher(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [SVC_BIN, 'publisher'], { env: { ...process.env, ...env } });
  child.stdout?.resume();
  child.stderr?.resume();
  running.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One account with a daily slot twelve hours away (nothing the publisher would publish during the
 * test), and ORIGINALS posts it published eight days ago, each evergreen every 7 days.
 */
async function seed(store: Store): Promise<readonly Post[]> {
  const now = Date.now();
  const user = aUser();
  await store.users.insertUser(user);
  const account = await store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
  const hour = String((new Date(now).getUTCHours() + 12) % 24).padStart(2, '0');
  await store.postingSlots.replacePostingSchedule(
    account.id,
    { timeZone: 'UTC', slots: WEEKDAYS.map((day) => ({ day, time: `${hour}:00` })) },
    new Date(now),
  );
  const publishedAt = new Date(now - 8 * DAY);
  const originals = Array.from({ length: ORIGINALS }, (_, i) =>
    aPost(user.id, account.id, {
      platforms: ['threads'],
      caption: `Evergreen ${i}`,
      status: 'posted',
      scheduledTime: publishedAt,
      publishedAt,
      dueAt: null,
      createdAt: publishedAt,
      updatedAt: publishedAt,
      evergreen: { everyDays: 7, maxTimes: 3, onlyAboveMedian: false },
    }),
  );
  const outcome = await store.posts.insertPosts({
    ownerId: user.id,
    at: publishedAt,
    posts: originals,
    idempotency: null,
    quota: { limit: 100_000, windowStart: new Date(0) },
  });
  expect(outcome.kind).toBe('inserted');
  return originals;
}

/** Exactly one copy of each original, numbered 1, one `post.recycled` each, each on its own slot. */
async function checkOneCopyEach(store: Store, originals: readonly Post[]) {
  const slots = new Set<number>();
  for (const original of originals) {
    const copies = await store.posts.recycledCopiesOf(original.id);
    expect(
      copies.map((c) => [c.recycleNumber, c.status]),
      original.id,
    ).toEqual([[1, 'scheduled']]);
    slots.add(copies[0]?.scheduledTime?.getTime() ?? 0);
  }
  expect(slots.size).toBe(ORIGINALS);
  const recycled: string[] = [];
  for (let after: string | null = null; ; ) {
    const page = await store.events.listEvents(after, 500);
    recycled.push(...page.filter((e) => e.type === 'post.recycled').map((e) => e.subjectId));
    if (page.length < 500) break;
    after = page.at(-1)?.position ?? null;
  }
  expect(recycled).toHaveLength(ORIGINALS);
  expect(new Set(recycled).size).toBe(ORIGINALS);
}

/**
 * Starts `publishers` at once, kills the first with SIGKILL as soon as the copies grew past what
 * the last kill left (restarting it), up to `kills` times; then lets them finish and stops them.
 * Answers the copy counts each kill left that were partial (some made, not all).
 */
async function killWhileRecycling(
  env: Record<string, string>,
  copies: () => Promise<number>,
  publishers: number,
  kills: number,
): Promise<number[]> {
  const partials: number[] = [];
  const others = Array.from({ length: publishers - 1 }, () => startPublisher(env));
  for (let round = 0; round < kills && (await copies()) < ORIGINALS; round += 1) {
    const before = await copies();
    const child = startPublisher(env);
    const deadline = Date.now() + 30_000;
    while ((await copies()) === before && Date.now() < deadline && child.exitCode === null) await pause(2);
    child.kill('SIGKILL');
    await exited(child);
    const left = await copies();
    if (left < ORIGINALS) partials.push(left);
  }
  const last = startPublisher(env);
  const deadline = Date.now() + 60_000;
  while ((await copies()) < ORIGINALS && Date.now() < deadline) await pause(20);
  // A further round would add nothing: give the processes a moment to try, then stop them.
  await pause(500);
  for (const child of [last, ...others]) {
    child.kill('SIGTERM');
    await exited(child);
    expect(child.exitCode).toBe(0);
  }
  return partials;
}

describe('evergreen recycling across kill -9 of the publisher (SQLite)', () => {
  it('makes exactly one copy per evergreen post whose period passed', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir, SVC_SECRET: SECRET, LOG_LEVEL: 'warn' };
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    const path = join(dir, 'svc.db');
    const seeding = await openSqliteStore({ path });
    const originals = await seed(seeding);
    await seeding.close();

    const reader = new DatabaseSync(path, { readOnly: true });
    const count = reader.prepare('SELECT COUNT(*) AS n FROM posts WHERE recycled_from IS NOT NULL');
    try {
      const started = Date.now();
      const partials = await killWhileRecycling(env, async () => (count.get() as { n: number }).n, 1, 8);
      // At least one kill landed in the middle of a sweep (some copies made, not all).
      expect(partials.length).toBeGreaterThan(0);
      console.log(
        `SQLite: partial copy counts at kills ${partials.join(', ')}; ${Date.now() - started} ms in all`,
      );
    } finally {
      reader.close();
    }
    const store = await openSqliteStore({ path });
    try {
      await checkOneCopyEach(store, originals);
    } finally {
      await store.close();
    }
  });
});

await describePostgres('evergreen recycling across kill -9, two publishers at once (PostgreSQL)', (db) => {
  it('makes exactly one copy per evergreen post whose period passed', { timeout: 120_000 }, async () => {
    const env = { SVC_DATA_DIR: dataDir(), DATABASE_URL: db.url(), SVC_SECRET: SECRET, LOG_LEVEL: 'warn' };
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    const store = await openPostgresStore({ connectionString: db.url(), migrate: false });
    try {
      const originals = await seed(store);
      // The copies are the only posts waiting to go out (the originals went out): the queue's depth.
      const copies = async () => (await store.posts.queueDepth(new Date())).upcoming;
      const started = Date.now();
      const partials = await killWhileRecycling(env, copies, 2, 6);
      expect(partials.length).toBeGreaterThan(0);
      console.log(
        `PostgreSQL: partial copy counts at kills ${partials.join(', ')}; ${Date.now() - started} ms in all`,
      );
      await checkOneCopyEach(store, originals);
    } finally {
      await store.close();
    }
  });
});
