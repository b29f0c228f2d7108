import type { SqlCodec, SqlTypes } from './sql-codec.js';

/**
 * The column kinds a dialect converts (see SqlTypes), plus `number` for integer columns a driver
 * may hand back as another type: read through Number(), written as they are.
 */
export type ColumnKind = 'date' | 'json' | 'list' | 'flag' | 'bigint' | 'number';

/**
 * One domain field's column: its name alone when the value is stored as it is, or its name and the
 * kind it converts as, `?`-suffixed when the column is nullable (SQL NULL stays NULL both ways).
 */
export type Column<K extends string> = K | readonly [column: K, kind: ColumnKind | `${ColumnKind}?`];

/**
 * A table's columns by domain field, in the column order a positional dialect binds them. Both row
 * mappers of the table and its column list come from it, so each column is named once.
 */
export type ColumnMap<D, K extends string> = { readonly [F in keyof D]-?: Column<K> };

type Conversion = { toSql: (value: never) => unknown; fromSql: (value: never) => unknown };

function conversion<T extends SqlTypes>(codec: SqlCodec<T>, kind: ColumnKind): Conversion {
  switch (kind) {
    case 'date':
      return { toSql: codec.dateToSql, fromSql: codec.dateFromSql };
    case 'json':
      return { toSql: codec.jsonToSql, fromSql: codec.jsonFromSql };
    case 'list':
      return { toSql: codec.listToSql, fromSql: codec.listFromSql };
    case 'flag':
      return { toSql: codec.flagToSql, fromSql: codec.flagFromSql };
    case 'bigint':
      return { toSql: codec.bigintToSql, fromSql: codec.bigintFromSql };
    case 'number':
      return { toSql: (value: number) => value, fromSql: Number };
  }
}

/** Each field of the map with its column name and the conversion of one direction (none: as is). */
function* columns<T extends SqlTypes>(
  codec: SqlCodec<T>,
  map: ColumnMap<unknown, string>,
  direction: keyof Conversion,
): Generator<[field: string, column: string, convert: (value: unknown) => unknown]> {
  for (const [field, column] of Object.entries<Column<string>>(map)) {
    if (typeof column === 'string') {
      yield [field, column, (value) => value];
      continue;
    }
    const [name, kind] = column;
    const nullable = kind.endsWith('?');
    const convert = conversion(codec, (nullable ? kind.slice(0, -1) : kind) as ColumnKind)[direction] as (
      value: unknown,
    ) => unknown;
    yield [field, name, nullable ? (value) => (value === null ? null : convert(value)) : convert];
  }
}

/** The column names of a map, in its order: the list a shared INSERT binds. */
export function columnNames<K extends string>(map: ColumnMap<unknown, K>): K[] {
  return Object.values<Column<K>>(map).map((column) => (typeof column === 'string' ? column : column[0]));
}

/** The row that stores `value`, in the dialect's column types. */
export function toSqlRow<T extends SqlTypes, D, R>(
  codec: SqlCodec<T>,
  map: ColumnMap<D, keyof R & string>,
  value: D,
): R {
  const row: Record<string, unknown> = {};
  for (const [field, column, convert] of columns(codec, map, 'toSql')) {
    row[column] = convert((value as Record<string, unknown>)[field]);
  }
  return row as R;
}

/** The domain value a row stores; the row's text columns are taken to hold the domain's values. */
export function fromSqlRow<T extends SqlTypes, D, R>(
  codec: SqlCodec<T>,
  map: ColumnMap<D, keyof R & string>,
  row: R,
): D {
  const value: Record<string, unknown> = {};
  for (const [field, column, convert] of columns(codec, map, 'fromSql')) {
    value[field] = convert((row as Record<string, unknown>)[column]);
  }
  return value as D;
}
