// The public API of @svc/store-sqlite: every storage port of @svc/core on one SQLite file.
export { CREDENTIAL_RECHECK_MS } from './credential-cache.js';
export { migrateSqlite, pendingSqliteMigrations, type SqliteMigrationReport } from './migrate-sqlite.js';
export { openSqliteStore, type SqliteStoreOptions } from './open-sqlite-store.js';
export { pendingSqliteMigrationsAt } from './pending-sqlite-migrations-at.js';
export {
  adoptSqliteBackup,
  backupSqlite,
  checkSqliteBackup,
  looksLikeSqlite,
  type SqliteBackupCheck,
  type SqliteBackupReport,
  type SqliteRestoreReport,
} from './sqlite-backup.js';
export type { SqliteMigration } from './sqlite-migration.js';
export { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
