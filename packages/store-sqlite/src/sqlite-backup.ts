import Database from 'better-sqlite3';
import { migrateSqlite } from './migrate-sqlite.js';

/** How long opening the live database waits for a writer's lock, as every connection does. */
const BUSY_TIMEOUT_MS = 5000;

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\0';

/** What a backup wrote. */
export type SqliteBackupReport = {
  /** Pages copied (of the database's page size). */
  pages: number;
};

/** What a restored database holds. */
export type SqliteRestoreReport = {
  /** The last migration the backup had applied, before this restore migrated it. */
  migratedFrom: string | null;
  /** Migrations applied now to bring an older backup up to date. */
  applied: string[];
  /** The last migration applied: the schema level the database is at now. */
  migration: string | null;
  counts: { users: number; accounts: number; posts: number };
};

/** A file checked for restoring: ours and sound, or the reason it is refused. */
export type SqliteBackupCheck = { ok: true } | { ok: false; problem: string };

/**
 * Copies the database at `source` (which must exist; it is opened read-only and never migrated)
 * into the new file `destination` with SQLite's online backup API, while other processes go on
 * writing: the copy is taken in one step inside one read transaction, so it is the database as
 * of one commit, and WAL writers are not blocked meanwhile (a backup in many small steps would
 * restart after every foreign write and might never finish under load). The copy is then made
 * self-contained (rollback journal, no -wal file beside it) and checked with
 * `PRAGMA integrity_check`. Throws when anything fails; the caller removes `destination` then.
 */
export async function backupSqlite(source: string, destination: string): Promise<SqliteBackupReport> {
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await db.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const problem = integrityProblem(copy);
    if (problem !== null) throw new Error(`The backup failed its integrity check: ${problem}`);
    return { pages: Number(copy.pragma('page_count', { simple: true })) };
  } finally {
    copy.close();
  }
}

/** Whether `header` (the first bytes of a file) starts like an SQLite database. */
export function looksLikeSqlite(header: Uint8Array): boolean {
  return Buffer.from(header).subarray(0, SQLITE_HEADER.length).toString('latin1') === SQLITE_HEADER;
}

/**
 * Checks that the file at `path` is a sound database of ours: SQLite, passing
 * `PRAGMA integrity_check`, with the migrations table. Opens it read-only.
 */
export function checkSqliteBackup(path: string): SqliteBackupCheck {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, problem: `cannot open it (${firstLine(error)})` };
  }
  try {
    const problem = integrityProblem(db);
    if (problem !== null) return { ok: false, problem: `it fails the integrity check: ${problem}` };
    if (!hasMigrationsTable(db)) return { ok: false, problem: 'it has no schema_migrations table' };
    return { ok: true };
  } catch (error) {
    return { ok: false, problem: `it is not a readable SQLite database (${firstLine(error)})` };
  } finally {
    db.close();
  }
}

/**
 * Brings a checked backup at `path` into service: WAL mode like every database of the service,
 * the migrations it lacks applied (a backup from an older release comes up to date), and reports
 * what it holds. Throws on failure.
 */
export function adoptSqliteBackup(path: string): SqliteRestoreReport {
  const db = new Database(path, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    const migratedFrom = lastMigration(db);
    db.pragma('journal_mode = WAL');
    const { applied } = migrateSqlite(db);
    const count = (table: string) =>
      Number(db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0);
    return {
      migratedFrom,
      applied,
      migration: lastMigration(db),
      counts: { users: count('users'), accounts: count('connected_accounts'), posts: count('posts') },
    };
  } finally {
    db.close();
  }
}

function integrityProblem(db: Database.Database): string | null {
  const rows = db.prepare<[], string>('PRAGMA integrity_check').pluck().all();
  return rows.length === 1 && rows[0] === 'ok' ? null : rows.slice(0, 3).join('; ');
}

function hasMigrationsTable(db: Database.Database): boolean {
  return (
    db
      .prepare<[], number>("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
      .pluck()
      .get() !== undefined
  );
}

function lastMigration(db: Database.Database): string | null {
  if (!hasMigrationsTable(db)) return null;
  return db.prepare<[], string | null>('SELECT max(id) FROM schema_migrations').pluck().get() ?? null;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
