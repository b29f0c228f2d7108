import { describe, expect, it } from 'vitest';
import { clockSkewCheck, type DatabaseState, databaseCheck } from './database-checks.js';

const sqlite = { kind: 'sqlite', location: '/srv/svc/svc.db' } as const;
const postgres = { kind: 'postgres', location: 'db.internal:5432/svc' } as const;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `00${String(i + 1).padStart(2, '0')}_step`);

describe('the database check', () => {
  it('passes a database with nothing pending', () => {
    expect(databaseCheck({ ...sqlite, found: true, pending: [] }, false)).toMatchObject({
      ok: true,
      level: 'pass',
    });
  });

  it('names pending migrations: a failure when processes would refuse to start, else a warning', () => {
    const state: DatabaseState = { ...postgres, found: true, pending: ids(12) };
    const refused = databaseCheck(state, false);
    expect(refused).toMatchObject({ ok: false, level: 'fail' });
    expect(refused.message).toContain('12 migration(s) pending: 0001_step, 0002_step');
    expect(refused.message).toContain('0010_step and 2 more');
    expect(refused.message).toContain('svc migrate');
    expect(databaseCheck(state, true)).toMatchObject({ ok: true, level: 'warn' });
  });

  it('tells a missing SQLite file from an unreachable server', () => {
    const missing: DatabaseState = { ...sqlite, found: false, missing: true, problem: 'ENOENT' };
    expect(databaseCheck(missing, true)).toMatchObject({ level: 'warn' });
    expect(databaseCheck(missing, false)).toMatchObject({ level: 'fail' });
    const down: DatabaseState = { ...postgres, found: false, missing: false, problem: 'ECONNREFUSED' };
    expect(databaseCheck(down, true)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /db\.internal:5432\/svc cannot be opened \(ECONNREFUSED\): start PostgreSQL/,
      ),
    });
  });
});

describe('the clock check', () => {
  it.each([
    [0, 'pass'],
    [-1_900, 'pass'],
    [5_000, 'warn'],
    [-31_000, 'fail'],
  ] as const)('%i ms off is %s', (skew, level) => {
    expect(clockSkewCheck(skew, 'unused')).toMatchObject({ name: 'clock', level, ok: level !== 'fail' });
  });

  it('says which way the clock is off, and is skipped without a reference', () => {
    expect(clockSkewCheck(-45_000, '').message).toContain('45.0 s ahead of the database server');
    expect(clockSkewCheck(null, 'SQLite has no other clock')).toMatchObject({ ok: true, level: 'skipped' });
  });
});
