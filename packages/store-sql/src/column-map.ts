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

/**
 * One direction's copy of a record through the map: from the domain value to its row (keyed by
 * column) or back (keyed by field), each value converted as its column's kind says.
 */
function copy<T extends SqlTypes>(
  codec: SqlCodec<T>,
  map: ColumnMap<unknown, string>,
  direction: keyof Conversion,
  source: object,
): Record<string, unknown> {
  const from = source as Record<string, unknown>;
  const to: Record<string, unknown> = {};
  for (const [field, column] of Object.entries<Column<string>>(map)) {
    const [name, kind] = typeof column === 'string' ? [column, undefined] : column;
    const [read, write] = direction === 'toSql' ? [field, name] : [name, field];
    const value = from[read];
    const nullable = kind?.endsWith('?') ?? false;
    if (kind === undefined || (nullable && value === null)) {
      to[write] = value;
      continue;
    }
    const convert = conversion(codec, (nullable ? kind.slice(0, -1) : kind) as ColumnKind)[direction];
    to[write] = (convert as (value: unknown) => unknown)(value);
  }
  return to;
}

/** The column names of a map, in its order: the list a shared INSERT binds. */
export function columnNames<K extends string>(map: ColumnMap<unknown, K>): K[] {
  return Object.values<Column<K>>(map).map((column) => (typeof column === 'string' ? column : column[0]));
}

/**
 * A table's two row mappers bound to a dialect's codec: `toRow` gives the row that stores a value,
 * `fromRow` the value a row stores (its text columns taken to hold the domain's values).
 */
export function columnMapped<T extends SqlTypes, D, R extends object>(
  codec: SqlCodec<T>,
  map: ColumnMap<D, keyof R & string>,
) {
  return {
    toRow: (value: D): R => copy(codec, map, 'toSql', value as object) as R,
    fromRow: (row: R): D => copy(codec, map, 'fromSql', row) as D,
  };
}
