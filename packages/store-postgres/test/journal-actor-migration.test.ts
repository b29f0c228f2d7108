import pg from 'pg';
import { expect, it } from 'vitest';
import { migratePostgres, openPostgresStore, POSTGRES_MIGRATIONS } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

// Migration 0038 on a journal written before it: the old events stay, with no actor.

await describePostgres('PostgreSQL journal actor migration', (db) => {
  const poolOn = async () => new pg.Pool({ connectionString: db.url(), ...(await db.freshSchema()) });

  it('0038 keeps the events recorded before it, with actor null ("unknown, before audit")', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(
        pool,
        POSTGRES_MIGRATIONS.filter((m) => m.id < '0038'),
      );
      await pool.query(
        "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.deleted', 'ann', 'post_old', now(), '{}')",
      );
      expect((await migratePostgres(pool)).applied[0]).toBe('0038_journal_actor');
      const store = await openPostgresStore({
        connectionString: db.url(),
        migrate: false,
        pool: { options: pool.options.options },
      });
      try {
        const [old] = await store.events.listEvents(null, 10);
        expect(old).toMatchObject({ subjectId: 'post_old', actor: null });
        expect((await store.events.recentEventsOf('ann', 1))[0]?.actor).toBeNull();
      } finally {
        await store.close();
      }
    } finally {
      await pool.end();
    }
  });
});
