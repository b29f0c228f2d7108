/**
 * The column types of one dialect for the values SQLite and PostgreSQL store differently; the
 * shared row types are written over them, so each dialect's rows keep their exact types.
 */
export type SqlTypes = {
  /** A timestamp (SQLite: INTEGER epoch milliseconds; PostgreSQL: timestamptz, read as a Date). */
  date: unknown;
  /** A structured value (SQLite: JSON TEXT; PostgreSQL: jsonb, bound as text and read parsed). */
  json: unknown;
  /** A list of strings (SQLite: JSON TEXT; PostgreSQL: text[]). */
  list: unknown;
  /** A boolean (SQLite: INTEGER 0/1; PostgreSQL: boolean). */
  flag: unknown;
  /** A whole number that may pass 2^31 (SQLite: INTEGER; PostgreSQL: bigint, which pg reads as text). */
  bigint: unknown;
};

/**
 * How one dialect converts those values, both ways; the shared row mappers take it as their first
 * argument. Its members are plain functions (no `this`), so they can be passed along as they are.
 */
export type SqlCodec<T extends SqlTypes> = {
  readonly dateToSql: (date: Date) => T['date'];
  readonly dateFromSql: (value: T['date']) => Date;
  readonly jsonToSql: (value: unknown) => T['json'];
  /** Typed by the caller, who knows what it stored. */
  readonly jsonFromSql: <V>(value: T['json']) => V;
  readonly listToSql: (list: readonly string[]) => T['list'];
  readonly listFromSql: (value: T['list']) => string[];
  readonly flagToSql: (value: boolean) => T['flag'];
  readonly flagFromSql: (value: T['flag']) => boolean;
  readonly bigintToSql: (value: number) => T['bigint'];
  readonly bigintFromSql: (value: T['bigint']) => number;
};
