import { MIGRATION_IDS } from '@svc/store-sql';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite, SQLITE_MIGRATIONS } from '../src/index.js';
import { LEGACY_SQLITE_MIGRATIONS } from './fixtures/legacy-sqlite-migrations.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

/** Every table, index and trigger of a file with its SQL, and the migrations it records. */
function schemaOf(path: string) {
  const db = new Database(path);
  try {
    return {
      objects: db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all(),
      recorded: db.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all(),
    };
  } finally {
    db.close();
  }
}

describe('SQLite migrations and the shared numbering', () => {
  it('lists one migration per shared id, in order, so a number means the same change as on PostgreSQL', () => {
    expect(SQLITE_MIGRATIONS.map((m) => m.id)).toEqual(MIGRATION_IDS);
  });

  it('applies to a file migrated with the old list only what came after it, to the fresh schema', () => {
    const [old, fresh] = [tempPath('old.db'), tempPath('fresh.db')];
    migrateSqlite(old, LEGACY_SQLITE_MIGRATIONS);
    expect(migrateSqlite(old)).toEqual({ applied: MIGRATION_IDS.slice(LEGACY_SQLITE_MIGRATIONS.length) });
    migrateSqlite(fresh);
    expect(schemaOf(old)).toEqual(schemaOf(fresh));
    expect(schemaOf(old).recorded).toEqual(MIGRATION_IDS);
  });

  it('finishes a file the old list left halfway under the same ids', () => {
    const [old, fresh] = [tempPath('half.db'), tempPath('fresh-too.db')];
    migrateSqlite(old, LEGACY_SQLITE_MIGRATIONS.slice(0, 12));
    expect(migrateSqlite(old)).toEqual({ applied: MIGRATION_IDS.slice(12) });
    migrateSqlite(fresh);
    expect(schemaOf(old)).toEqual(schemaOf(fresh));
  });
});
