import { describe, expect, it } from 'vitest';
import { type ColumnMap, columnMapped, columnNames } from './column-map.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

// A SQLite-like codec: dates as epoch milliseconds, JSON and lists as text, flags as 0/1.
const codec: SqlCodec<SqlTypes> = {
  dateToSql: (date) => date.getTime(),
  dateFromSql: (value) => new Date(value as number),
  jsonToSql: (value) => JSON.stringify(value),
  jsonFromSql: <V>(value: unknown) => JSON.parse(value as string) as V,
  listToSql: (list) => JSON.stringify(list),
  listFromSql: (value) => JSON.parse(value as string) as string[],
  flagToSql: (value) => (value ? 1 : 0),
  flagFromSql: (value) => value === 1,
  bigintToSql: (value) => value,
  bigintFromSql: (value) => Number(value),
};

type Thing = {
  id: string;
  at: Date;
  doneAt: Date | null;
  tags: string[];
  on: boolean;
  meta: { a: number } | null;
};
type ThingRow = { id: string; at: unknown; done_at: unknown; tags: unknown; on_flag: unknown; meta: unknown };

const THING_MAP: ColumnMap<Thing, keyof ThingRow> = {
  id: 'id',
  at: ['at', 'date'],
  doneAt: ['done_at', 'date?'],
  tags: ['tags', 'list'],
  on: ['on_flag', 'flag'],
  meta: ['meta', 'json?'],
};
const { toRow, fromRow } = columnMapped<SqlTypes, Thing, ThingRow>(codec, THING_MAP);

describe('column maps', () => {
  it('converts each column by its kind and reads the row back to the same value', () => {
    const thing: Thing = {
      id: 't1',
      at: new Date(5),
      doneAt: new Date(7),
      tags: ['x'],
      on: true,
      meta: { a: 1 },
    };
    const row = toRow(thing);
    expect(row).toEqual({ id: 't1', at: 5, done_at: 7, tags: '["x"]', on_flag: 1, meta: '{"a":1}' });
    expect(fromRow(row)).toEqual(thing);
  });

  it('keeps a nullable column SQL NULL both ways, never the JSON text null', () => {
    const thing: Thing = { id: 't2', at: new Date(1), doneAt: null, tags: [], on: false, meta: null };
    const row = toRow(thing);
    expect(row.done_at).toBeNull();
    expect(row.meta).toBeNull();
    expect(fromRow(row)).toEqual(thing);
  });

  it('lists the column names in the order of the map', () => {
    expect(columnNames(THING_MAP)).toEqual(['id', 'at', 'done_at', 'tags', 'on_flag', 'meta']);
  });
});
