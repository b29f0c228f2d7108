import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { adoptSqliteBackup, backupSqlite, checkSqliteBackup, looksLikeSqlite } from '@svc/store-sqlite';
import type { Config } from '../config.js';
import { SECRET_FILE } from '../master-secret.js';
import { DATABASE_FILE, MEDIA_DIR } from '../open-services.js';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { configOf } from './command-support.js';

/** Files SQLite keeps beside a database while it is open (or after a crash). */
const SIDECARS = ['-wal', '-shm', '-journal'];

/** `svc backup`. */
export const backup: CliCommand = {
  name: 'backup',
  summary: 'Copy the SQLite database consistently, while the server runs',
  help: `Usage: svc backup FILE [--force]

Writes a consistent copy of the SQLite database (SVC_DATA_DIR/${DATABASE_FILE}) to FILE with SQLite's
online backup API, while servers and publishers go on reading and writing it: the copy is the
database as of one moment, with every transaction committed before the backup started. The copy is
checked (PRAGMA integrity_check) and written under a temporary name beside FILE, then renamed, so
FILE is either a whole backup or absent. Prints {"file", "bytes", "pages"}.

Not in the copy: media bytes (SVC_DATA_DIR/${MEDIA_DIR}) and the master secret (SVC_SECRET or
SVC_DATA_DIR/${SECRET_FILE}), without which the stored platform tokens cannot be opened: keep
both with the backup (docs/operations.md). With DATABASE_URL set (PostgreSQL) use pg_dump
instead. Restore with svc restore.

Options:
  --force    replace FILE if it exists`,
  options: { force: { type: 'boolean', default: false } },
  positionals: { min: 1, max: 1 },
  async run({ positionals, values }, io) {
    const config = sqliteConfig(configOf(io), 'backup');
    const source = join(config.dataDir, DATABASE_FILE);
    if (!existsSync(source)) throw new CliFailure(`There is no database to back up at ${source}.`, 2);
    const file = resolve(io.cwd, positionals[0] ?? '');
    const force = values.force === true;
    if (existsSync(file) && !force) {
      throw new CliFailure(`${file} exists; give --force to replace it.`, 2);
    }
    if (!existsSync(dirname(file))) throw new CliFailure(`The folder ${dirname(file)} does not exist.`, 2);
    const temporary = temporaryBeside(file);
    let pages: number;
    try {
      ({ pages } = await backupSqlite(source, temporary));
      publish(temporary, file, force);
    } finally {
      removeDatabaseFiles(temporary);
    }
    printJson(io, { file, bytes: statSync(file).size, pages });
    return 0;
  },
};

/** `svc restore`. */
export const restore: CliCommand = {
  name: 'restore',
  summary: 'Put a backup into an empty data directory',
  help: `Usage: svc restore FILE

Puts a backup made by svc backup into SVC_DATA_DIR as its SQLite database (${DATABASE_FILE}). The data
directory must have no database yet: restore before starting the server, never beside a running
one. FILE must be an SQLite database of the service (it passes PRAGMA integrity_check and has the
migrations table). It is copied in under a temporary name and renamed, then migrated, so a backup
from an older release comes up to date. Prints {"restored", "database", "migratedFrom",
"applied", "migration", "counts": {"users", "accounts", "posts"}, "notes"}.

Media bytes are not in the backup: copy SVC_DATA_DIR/${MEDIA_DIR} from the same moment alongside.
The master secret must be the one the backup was taken with (SVC_SECRET, or copy
SVC_DATA_DIR/${SECRET_FILE}), or stored platform tokens cannot be opened (docs/operations.md).`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run({ positionals }, io) {
    const config = sqliteConfig(configOf(io), 'restore');
    const file = resolve(io.cwd, positionals[0] ?? '');
    if (!existsSync(file)) throw new CliFailure(`There is no file ${file}.`, 2);
    if (!looksLikeSqlite(readHeader(file))) {
      throw new CliFailure(`${file} is not an SQLite database; nothing was restored.`, 2);
    }
    const database = join(config.dataDir, DATABASE_FILE);
    const present = [database, ...SIDECARS.map((s) => database + s)].find((path) => existsSync(path));
    if (present !== undefined) {
      throw new CliFailure(
        `${present} exists: restore only into a data directory without a database (and no server on it).`,
        2,
      );
    }
    const madeDir = !existsSync(config.dataDir);
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const temporary = temporaryBeside(database);
    try {
      copyFileSync(file, temporary);
      const check = checkSqliteBackup(temporary);
      if (!check.ok) throw new CliFailure(`${file} is not a backup of the service: ${check.problem}.`, 2);
      const report = adoptSqliteBackup(temporary);
      publish(temporary, database, false);
      printJson(io, {
        restored: file,
        database,
        ...report,
        notes: restoreNotes(config),
      });
      return 0;
    } catch (error) {
      removeDatabaseFiles(temporary);
      if (madeDir) rmdirQuietly(config.dataDir);
      throw error;
    } finally {
      removeDatabaseFiles(temporary);
    }
  },
};

function sqliteConfig(config: Config, command: string): Config {
  if (config.databaseUrl !== null) {
    throw new CliFailure(
      `svc ${command} works on the SQLite database; with DATABASE_URL set use pg_dump and pg_restore (docs/operations.md).`,
      2,
    );
  }
  return config;
}

function restoreNotes(config: Config): string[] {
  const media = config.mediaStore;
  const notes = [
    media.kind === 's3'
      ? `Media bytes are not in the backup: they stay in s3://${media.bucket}/${media.prefix} (SVC_MEDIA_STORE); restore objects from the bucket's versions or copies if any are missing.`
      : `Media bytes are not in the backup: copy ${MEDIA_DIR}/ from the backed-up data directory into ${join(config.dataDir, MEDIA_DIR)}.`,
  ];
  if (config.secret === null && !existsSync(join(config.dataDir, SECRET_FILE))) {
    notes.push(
      `No master secret here yet: set SVC_SECRET or copy the ${SECRET_FILE} file the backup was taken with into ${config.dataDir} before starting, or platform tokens cannot be opened.`,
    );
  }
  return notes;
}

/** A fresh name in the same folder as `file`, so the final rename stays on one file system. */
function temporaryBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Moves the finished temporary file to its name: a hard link fails if the name was taken
 * meanwhile (so nothing is overwritten without `replace`), a rename replaces it atomically.
 */
function publish(temporary: string, file: string, replace: boolean): void {
  if (replace) {
    renameSync(temporary, file);
    return;
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CliFailure(`${file} appeared while copying; nothing was replaced.`, 2);
    }
    throw error;
  }
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', ...SIDECARS]) rmSync(path + suffix, { force: true });
}

function rmdirQuietly(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (someone else put files there): leave it.
  }
}

function readHeader(file: string): Uint8Array {
  const header = new Uint8Array(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  return header;
}
