// Conversions between domain values and SQLite column values. Dates are stored as INTEGER
// milliseconds since the epoch, booleans as INTEGER 0/1 and structured values as JSON TEXT.

import type { LeaseClaim } from '@svc/core';
import { type Placeholder, type SqlCodec, sqlRows } from '@svc/store-sql';

/** A date column value. */
export function dateToSql(date: Date): number {
  return date.getTime();
}

/** A nullable date column value. */
export function nullableDateToSql(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

/** A date read from an INTEGER column. */
export function dateFromSql(ms: number): Date {
  return new Date(ms);
}

/** A nullable date read from an INTEGER column. */
export function nullableDateFromSql(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

/** A boolean column value. */
export function flagToSql(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

/** A boolean read from an INTEGER 0/1 column. */
export function flagFromSql(value: number): boolean {
  return value !== 0;
}

/** A JSON TEXT column value. */
export function jsonToSql(value: unknown): string {
  return JSON.stringify(value);
}

/** A nullable JSON TEXT column value: SQL NULL, not the text `null`, so that NULL tests work in SQL. */
export function nullableJsonToSql(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** A value read from a JSON TEXT column, typed by the caller who knows what it stored. */
export function jsonFromSql<T>(text: string): T {
  return JSON.parse(text) as T;
}

/** A value read from a nullable JSON TEXT column. */
export function nullableJsonFromSql<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** SQLite's column types for the row mappers shared with PostgreSQL (@svc/store-sql). */
export type SqliteTypes = { date: number; json: string; list: string; flag: number; bigint: number };

/** SQLite's conversions for the shared row mappers: the functions above. */
export const SQLITE_CODEC: SqlCodec<SqliteTypes> = {
  dateToSql,
  dateFromSql,
  jsonToSql,
  jsonFromSql,
  listToSql: jsonToSql,
  listFromSql: (text) => jsonFromSql<string[]>(text),
  flagToSql,
  flagFromSql,
  bigintToSql: (value) => value,
  bigintFromSql: (value) => value,
};

/** The row mappers shared with the other dialect, bound to SQLITE_CODEC. */
export const SQLITE_ROWS = sqlRows(SQLITE_CODEC);

/** SQLite's parameters in the statements shared with PostgreSQL: by name, as the rows' keys. */
export const NAMED: Placeholder = (column) => `@${column}`;

/**
 * A lease claim's named parameters, as the claim statements of collections, comments and
 * notifications bind them.
 */
export type LeaseClaimParams = { now: number; lease_owner: string; lease_until: number; limit: number };

/**
 * The parameters of a lease claim, or null when it takes nothing: a limit below one (NaN too).
 * An infinite limit binds -1, which SQLite reads as none, as the memory store's slice reads it.
 */
export function leaseClaimParams({
  now,
  leaseOwner,
  leaseUntil,
  limit,
}: LeaseClaim): LeaseClaimParams | null {
  if (!(limit >= 1)) return null;
  return {
    now: dateToSql(now),
    lease_owner: leaseOwner,
    lease_until: dateToSql(leaseUntil),
    limit: Number.isFinite(limit) ? Math.floor(limit) : -1,
  };
}
