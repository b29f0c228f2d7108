// Conversions between domain values and PostgreSQL column values as pg reads and binds them.
// timestamptz reads as a Date, jsonb as parsed JSON and text[] as a string array; bigint reads as
// a string (pg will not guess whether it fits a JS number), so the mappers convert it.

import type { LeaseClaim } from '@svc/core';
import { type Placeholder, type SqlCodec, sqlRows } from '@svc/store-sql';

/** A jsonb parameter. Stringified here: pg would send a JS array as a PostgreSQL array. */
export function jsonParam(value: unknown): string {
  return JSON.stringify(value);
}

/** A nullable jsonb parameter: SQL NULL, not the JSON `null`, so that NULL tests work in SQL. */
export function nullableJsonParam(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** The parameters of one value, in `columns` order: its row's columns as a statement binds them. */
export function paramsIn<V, R>(
  columns: readonly (keyof R)[],
  toRow: (value: V) => R,
): (value: V) => unknown[] {
  return (value) => {
    const row = toRow(value);
    return columns.map((column) => row[column]);
  };
}

/** One array parameter per entry of `columns`, for an INSERT … SELECT FROM unnest(…) of many values. */
export function arrayParamsIn<V, R>(
  columns: readonly (keyof R)[],
  toRow: (value: V) => R,
): (values: readonly V[]) => unknown[] {
  return (values) => {
    const rows = values.map(toRow);
    return columns.map((column) => rows.map((row) => row[column]));
  };
}

/** A number read from a bigint column. */
export function numberFromBigint(value: string | number): number {
  return Number(value);
}

/** A number read from a nullable bigint column. */
export function nullableNumberFromBigint(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** A date read from a timestamptz column, or from its JSON text when the row came as jsonb. */
export function dateFromPg(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A nullable date read from a timestamptz column (or its JSON text). */
export function nullableDateFromPg(value: Date | string | null): Date | null {
  return value === null ? null : dateFromPg(value);
}

/**
 * PostgreSQL's column types, as pg binds and reads them, for the row mappers shared with SQLite.
 * A date reads as a Date, or as its JSON text when a query nests the row with to_jsonb.
 */
export type PgTypes = {
  date: Date | string;
  json: unknown;
  list: string[];
  flag: boolean;
  // Text as pg reads bigint, a number when the row was nested as jsonb.
  bigint: string | number;
};

/**
 * PostgreSQL's conversions for the shared row mappers (@svc/store-sql): pg binds and reads dates,
 * arrays and booleans as they are; only jsonb is stringified to bind.
 */
export const PG_CODEC: SqlCodec<PgTypes> = {
  dateToSql: (date) => date,
  dateFromSql: dateFromPg,
  jsonToSql: jsonParam,
  jsonFromSql: <V>(value: unknown) => value as V,
  // pg sends a JS array as a PostgreSQL array; the post's own array is bound, as before.
  listToSql: (list) => list as string[],
  listFromSql: (value) => value,
  flagToSql: (value) => value,
  flagFromSql: (value) => value,
  bigintToSql: (value) => value,
  bigintFromSql: numberFromBigint,
};

/** The row mappers shared with the other dialect, bound to PG_CODEC. */
export const PG_ROWS = sqlRows(PG_CODEC);

/** PostgreSQL's parameters in the statements shared with SQLite: by position, in column order. */
export const POSITIONAL: Placeholder = (_, index) => `$${index + 1}`;

/** A LIMIT parameter: a whole number, at least 0, since PostgreSQL refuses a fraction or a negative there. */
export function limitParam(limit: number): number {
  return Math.max(0, Math.floor(limit));
}

/**
 * A lease claim's parameters, as the claim statements of collections, comments and notifications
 * bind them ($1…$4).
 */
export function leaseClaimParams({ now, limit, leaseOwner, leaseUntil }: LeaseClaim): unknown[] {
  return [now, limitParam(limit), leaseOwner, leaseUntil];
}
