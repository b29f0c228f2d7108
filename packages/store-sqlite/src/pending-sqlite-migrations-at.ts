import Database from 'better-sqlite3';
import { pendingSqliteMigrations } from './migrate-sqlite.js';
import type { SqliteMigration } from './sqlite-migration.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';

/**
 * Ids of the migrations the database file at `path` has not applied, read without changing it:
 * the file is opened read-only and never created (`svc doctor` must not make the database it
 * checks for). Throws when the file is absent (`SQLITE_CANTOPEN`) or unreadable.
 */
export function pendingSqliteMigrationsAt(
  path: string,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): string[] {
  const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    return pendingSqliteMigrations(db, migrations);
  } finally {
    db.close();
  }
}
