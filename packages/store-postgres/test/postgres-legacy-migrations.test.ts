import { MIGRATION_IDS } from '@svc/store-sql';
import pg from 'pg';
import { expect, it } from 'vitest';
import { migratePostgres, POSTGRES_MIGRATIONS, pendingPostgresMigrations } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';
import { LEGACY_POSTGRES_MIGRATIONS } from './fixtures/legacy-postgres-migrations.js';

const NO_OPS = ['0002_quota_usage', '0003_drop_posts_owner_created'];
// Migrations added after the renumbering (the old list's last is 0023_sweeps, now 0025): a
// database of the previous release still needs them, under their one id.
const ADDED_SINCE = MIGRATION_IDS.slice(MIGRATION_IDS.indexOf('0025_sweeps') + 1);

/** Everything the migrations define in the pool's schema, in a form two schemas can be compared by. */
async function schemaOf(pool: pg.Pool) {
  const columns = await pool.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  );
  const indexes = await pool.query(
    `SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '') AS def FROM pg_indexes
     WHERE schemaname = current_schema() ORDER BY indexname`,
  );
  const constraints = await pool.query(
    `SELECT c.conrelid::regclass::text AS relation, c.conname, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = current_schema() ORDER BY c.conname, relation`,
  );
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}

async function recordedIds(pool: pg.Pool): Promise<string[]> {
  const recorded = await pool.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  return recorded.rows.map((r) => r.id);
}

it('lists one migration per shared id, in order, so a number means the same change as on SQLite', () => {
  expect(POSTGRES_MIGRATIONS.map((m) => m.id)).toEqual(MIGRATION_IDS);
});

await describePostgres('PostgreSQL migrations from the old numbering', (db) => {
  const poolOn = async () => new pg.Pool({ connectionString: db.url(), ...(await db.freshSchema()) });

  it('upgrades a database migrated with the old list, running the no-ops and what came after it, to the fresh schema', async () => {
    const [old, fresh] = [await poolOn(), await poolOn()];
    try {
      await migratePostgres(old, LEGACY_POSTGRES_MIGRATIONS);
      expect(await pendingPostgresMigrations(old)).toEqual([...NO_OPS, ...ADDED_SINCE]);
      expect(await migratePostgres(old)).toEqual({ applied: [...NO_OPS, ...ADDED_SINCE] });
      expect(await migratePostgres(old)).toEqual({ applied: [] });
      await migratePostgres(fresh);
      expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
      // The old ids stay, so a process of the previous release still finds its migrations applied.
      const oldIds = LEGACY_POSTGRES_MIGRATIONS.map((m) => m.id);
      expect(await recordedIds(old)).toEqual([...new Set([...MIGRATION_IDS, ...oldIds])].sort());
      expect(await pendingPostgresMigrations(old, LEGACY_POSTGRES_MIGRATIONS)).toEqual([]);
    } finally {
      await Promise.all([old.end(), fresh.end()]);
    }
  });

  it('upgrades a database the old list left halfway, applying what it lacked under the new ids', async () => {
    const [old, fresh] = [await poolOn(), await poolOn()];
    try {
      const upToFollowerReads =
        LEGACY_POSTGRES_MIGRATIONS.findIndex((m) => m.id === '0010_follower_reads') + 1;
      await migratePostgres(old, LEGACY_POSTGRES_MIGRATIONS.slice(0, upToFollowerReads));
      const lacking = MIGRATION_IDS.slice(MIGRATION_IDS.indexOf('0013_automations'));
      expect(await migratePostgres(old)).toEqual({ applied: [...NO_OPS, ...lacking] });
      await migratePostgres(fresh);
      expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
    } finally {
      await Promise.all([old.end(), fresh.end()]);
    }
  });
});
