import { assertWellOrdered } from '@svc/store-sql';
import pg from 'pg';
import { LEGACY_POSTGRES_MIGRATION_IDS } from './legacy-migration-ids.js';
import type { PostgresMigration } from './postgres-migration.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';

/** What a migration run did. */
export type PostgresMigrationReport = {
  /** Ids of the migrations this run applied, in order; empty when the schema was up to date. */
  applied: string[];
};

/** The session advisory lock every migration run holds, whatever schema it migrates. */
const MIGRATION_LOCK = "hashtextextended('svc:schema_migrations', 0)";

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  id text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * Applies the migrations the database lacks, in list order, each in its own transaction together
 * with its `schema_migrations` row: a failing migration leaves no trace. The whole run holds an
 * advisory lock (taken before the migrations table is even created), so several processes starting
 * at once apply each migration exactly once, one after another. Takes a connection string (a
 * connection is opened and closed here) or a pool. Rejects on failure.
 */
export async function migratePostgres(
  target: string | pg.Pool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<PostgresMigrationReport> {
  assertWellOrdered('PostgreSQL', migrations);
  if (typeof target === 'string') {
    const pool = new pg.Pool({ connectionString: target, max: 1 });
    try {
      return await migratePostgres(pool, migrations);
    } finally {
      await pool.end();
    }
  }
  const client = await target.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      await recordLegacyIds(client);
      const applied: string[] = [];
      for (const migration of migrations) {
        if (await applyOne(client, migration)) applied.push(migration.id);
      }
      return { applied };
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    client.release();
  }
}

/**
 * Records each change a database migrated before the dialects were numbered alike holds under an
 * old id (LEGACY_POSTGRES_MIGRATION_IDS) under its new id as well, with its original time. The old
 * rows stay: a process of the previous release, started during a rollout, still finds every
 * migration it knows applied. On every later start this is one INSERT that adds nothing.
 */
async function recordLegacyIds(client: pg.PoolClient): Promise<void> {
  const legacy = Object.entries(LEGACY_POSTGRES_MIGRATION_IDS);
  await client.query(
    `INSERT INTO schema_migrations (id, applied_at)
     SELECT m.new_id, s.applied_at FROM schema_migrations AS s
     JOIN unnest($1::text[], $2::text[]) AS m(old_id, new_id) ON s.id = m.old_id
     ON CONFLICT (id) DO NOTHING`,
    [legacy.map(([old]) => old), legacy.map(([, current]) => current)],
  );
}

async function applyOne(client: pg.PoolClient, migration: PostgresMigration): Promise<boolean> {
  await client.query('BEGIN');
  try {
    const seen = await client.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
    if (seen.rowCount !== 0) {
      await client.query('ROLLBACK');
      return false;
    }
    // A no-op (a change only the other dialect needed) is recorded without a statement.
    if (migration.sql.trim() !== '') await client.query(migration.sql);
    await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Ids of the migrations the database has not applied yet, in list order. */
export async function pendingPostgresMigrations(
  pool: pg.Pool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<string[]> {
  // to_regclass follows the search_path, as the migrations do.
  const table = await pool.query<{ t: string | null }>("SELECT to_regclass('schema_migrations') AS t");
  if (table.rows[0]?.t == null) return migrations.map((m) => m.id);
  const done = await pool.query<{ id: string }>('SELECT id FROM schema_migrations');
  // An old id counts as its new one, as the next migration run will record it.
  const applied = new Set(
    done.rows.flatMap((row) => [row.id, LEGACY_POSTGRES_MIGRATION_IDS[row.id] ?? row.id]),
  );
  return migrations.filter((m) => !applied.has(m.id)).map((m) => m.id);
}
