import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite, openSqliteStore, SQLITE_MIGRATIONS } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

// Migration 0038 on a journal written before it: the old events stay, with no actor.

const tempPath = useTempDirectory();

describe('migration 0038_journal_actor', () => {
  it('0038 keeps the events recorded before it, with actor null ("unknown, before audit")', async () => {
    const path = tempPath();
    migrateSqlite(
      path,
      SQLITE_MIGRATIONS.filter((m) => m.id < '0038'),
    );
    const db = new Database(path);
    db.prepare(
      "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.deleted', 'ann', 'post_old', 0, '{}')",
    ).run();
    db.close();
    expect(migrateSqlite(path).applied[0]).toBe('0038_journal_actor');
    const store = openSqliteStore({ path, migrate: false });
    try {
      const [old] = await store.events.listEvents(null, 10);
      expect(old).toMatchObject({ subjectId: 'post_old', actor: null });
      expect((await store.events.recentEventsOf('ann', 1))[0]?.actor).toBeNull();
    } finally {
      await store.close();
    }
  });
});
