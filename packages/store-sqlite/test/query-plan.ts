import type Database from 'better-sqlite3';

/** The lines of SQLite's query plan for `sql` with `params` (positional values or one object of named ones). */
export function planLines(db: Database.Database, sql: string, ...params: unknown[]): string[] {
  return db
    .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => row.detail);
}

/** The query plan as one text, a line per step: what the query-plan tests match against. */
export function planOf(db: Database.Database, sql: string, ...params: unknown[]): string {
  return planLines(db, sql, ...params).join('\n');
}
