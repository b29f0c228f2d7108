import { assertWellOrdered } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { openSqliteDatabase } from './open-sqlite-database.js';
import type { SqliteMigration } from './sqlite-migration.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';

/** What a migration run did. */
export type SqliteMigrationReport = {
  /** Ids of the migrations this run applied, in order; empty when the schema was up to date. */
  applied: string[];
};

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  id TEXT PRIMARY KEY,
  applied_at INTEGER NOT NULL
) STRICT`;

/**
 * Applies the migrations the database lacks, in list order, each in its own `BEGIN IMMEDIATE`
 * transaction together with its `schema_migrations` row: a failing migration leaves no trace, and
 * several processes starting at once apply each migration exactly once. Takes a file path (opened
 * and closed here) or an open connection. Synchronous; throws on failure.
 */
export function migrateSqlite(
  target: string | Database.Database,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): SqliteMigrationReport {
  if (typeof target === 'string') {
    const db = openSqliteDatabase(target);
    try {
      return migrateSqlite(db, migrations);
    } finally {
      db.close();
    }
  }
  assertWellOrdered('SQLite', migrations);
  const db = target;
  db.exec(CREATE_MIGRATIONS_TABLE);
  const isApplied = db.prepare<[string], number>('SELECT 1 FROM schema_migrations WHERE id = ?').pluck();
  const record = db.prepare<[string, number]>('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  const applyOne = db.transaction((migration: SqliteMigration): boolean => {
    // Checked again under the write lock: another process may have applied it since we looked.
    if (isApplied.get(migration.id) !== undefined) return false;
    db.exec(migration.sql);
    record.run(migration.id, Date.now());
    return true;
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    if (applyOne.immediate(migration)) applied.push(migration.id);
  }
  return { applied };
}

/** Ids of the migrations an open database has not applied yet, in list order. */
export function pendingSqliteMigrations(
  db: Database.Database,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): string[] {
  const hasTable = db
    .prepare<[], number>("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
    .pluck()
    .get();
  if (hasTable === undefined) return migrations.map((m) => m.id);
  const applied = new Set(db.prepare<[], string>('SELECT id FROM schema_migrations').pluck().all());
  return migrations.filter((m) => !applied.has(m.id)).map((m) => m.id);
}
