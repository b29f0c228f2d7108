import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * How long a statement waits for another connection's lock before failing with SQLITE_BUSY. The
 * API server, the CLI and the publisher share one file, and write transactions are short.
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating it and its directory if needed) a database file with the settings every
 * connection of the service relies on: WAL so readers and the one writer do not block each other,
 * NORMAL sync (a committed transaction survives a crash of the process; only a power loss or OS
 * crash can roll back the last few, and never corrupts the file), enforced foreign keys
 * and a busy timeout so concurrent writers queue instead of failing.
 */
export function openSqliteDatabase(path: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // First, so that switching to WAL (which needs a lock) waits for other processes too.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal' && !db.memory) {
      throw new Error(
        `SQLite refused WAL mode for ${path} (journal_mode is ${String(mode)}); the file system may not support it.`,
      );
    }
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
