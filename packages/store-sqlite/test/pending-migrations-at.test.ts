import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateSqlite, pendingSqliteMigrationsAt, SQLITE_MIGRATIONS } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const path = useTempDirectory();

describe('the pending migrations of a database file', () => {
  it('names what a partly migrated file lacks, and nothing once it is migrated', () => {
    const file = path();
    migrateSqlite(file, SQLITE_MIGRATIONS.slice(0, 3));
    expect(pendingSqliteMigrationsAt(file)).toEqual(SQLITE_MIGRATIONS.slice(3).map((m) => m.id));
    migrateSqlite(file);
    expect(pendingSqliteMigrationsAt(file)).toEqual([]);
  });

  it('throws for a file that is not there, without creating it', () => {
    const file = path('absent.db');
    expect(() => pendingSqliteMigrationsAt(file)).toThrow();
    expect(existsSync(file)).toBe(false);
  });
});
