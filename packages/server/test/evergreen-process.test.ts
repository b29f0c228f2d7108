import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { WEEKDAYS } from '@svc/core';
import { anAccount, aPost, aUser } from '@svc/core/testing';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SVC_BIN, svcInProcess, useDataDirs } from './support.js';

// Issue 35, Done when: "The recycling rule re-queues a posted evergreen post exactly once per
// period across a crash of the process that does it." Real `svc publisher` processes on one SQLite
// file, killed with SIGKILL the moment their sweep has made some copies and not all, then
// restarted: in the end every evergreen post has exactly one copy, with one `post.recycled` event.

const dataDir = useDataDirs();
const DAY = 86_400_000;
const ORIGINALS = 300;
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

describe('evergreen recycling across kill -9 of the publisher (SQLite)', () => {
  it('makes exactly one copy per evergreen post whose period passed', { timeout: 120_000 }, async () => {
    const dir = dataDir();
    const env = {
      SVC_DATA_DIR: dir,
      SVC_SECRET: 'evergreen-process-master-secret-of-40-chars',
      LOG_LEVEL: 'warn',
    };
    expect((await svcInProcess(['migrate'], env)).code).toBe(0);
    const path = join(dir, 'svc.db');

    // One account with a daily slot twelve hours away (nothing the publisher would publish during
    // the test), and ORIGINALS posts it published eight days ago, each evergreen every 7 days.
    const now = Date.now();
    const seeding = await openSqliteStore({ path });
    const user = aUser();
    await seeding.users.insertUser(user);
    const account = await seeding.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    const hour = String((new Date(now).getUTCHours() + 12) % 24).padStart(2, '0');
    await seeding.postingSlots.replacePostingSchedule(
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
    const outcome = await seeding.posts.insertPosts({
      ownerId: user.id,
      at: publishedAt,
      posts: originals,
      idempotency: null,
      quota: { limit: 100_000, windowStart: new Date(0) },
    });
    expect(outcome.kind).toBe('inserted');
    await seeding.close();

    const reader = new DatabaseSync(path, { readOnly: true });
    const copies = () =>
      (
        reader.prepare('SELECT COUNT(*) AS n FROM posts WHERE recycled_from IS NOT NULL').get() as {
          n: number;
        }
      ).n;
    try {
      // Kill each publisher as soon as its sweep has made a copy more than the last one left.
      const partials: number[] = [];
      for (let round = 0; round < 8 && copies() < ORIGINALS; round += 1) {
        const before = copies();
        const child = startPublisher(env);
        const deadline = Date.now() + 30_000;
        while (copies() === before && Date.now() < deadline && child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        child.kill('SIGKILL');
        await exited(child);
        const left = copies();
        expect(left).toBeGreaterThan(before);
        if (left < ORIGINALS) partials.push(left);
      }
      // At least one kill landed in the middle of a sweep (some copies made, not all).
      expect(partials.length).toBeGreaterThan(0);

      // A last publisher runs its sweep to the end and stops cleanly.
      const last = startPublisher(env);
      const deadline = Date.now() + 60_000;
      while (copies() < ORIGINALS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // A further sweep round would add nothing: give it a moment to try, then stop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      last.kill('SIGTERM');
      await exited(last);
      expect(last.exitCode).toBe(0);

      const perOriginal = reader
        .prepare(
          'SELECT recycled_from AS original, COUNT(*) AS n, MIN(recycle_number) AS k FROM posts WHERE recycled_from IS NOT NULL GROUP BY recycled_from',
        )
        .all() as { original: string; n: number; k: number }[];
      expect(perOriginal).toHaveLength(ORIGINALS);
      expect(perOriginal.every((row) => row.n === 1 && row.k === 1)).toBe(true);
      expect(new Set(perOriginal.map((row) => row.original))).toEqual(new Set(originals.map((p) => p.id)));
      const recycled = reader
        .prepare(
          "SELECT COUNT(*) AS n, COUNT(DISTINCT subject_id) AS subjects FROM events WHERE type = 'post.recycled'",
        )
        .get() as { n: number; subjects: number };
      expect(recycled).toEqual({ n: ORIGINALS, subjects: ORIGINALS });
      // Each copy holds its own slot: one a day, none shared.
      const slots = reader
        .prepare('SELECT COUNT(DISTINCT scheduled_time) AS n FROM posts WHERE recycled_from IS NOT NULL')
        .get() as { n: number };
      expect(slots.n).toBe(ORIGINALS);
      console.log(`evergreen kill -9 test: partial counts at kills ${partials.join(', ')}`);
    } finally {
      reader.close();
    }
  });
});
