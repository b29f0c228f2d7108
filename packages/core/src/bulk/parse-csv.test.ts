import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.js';
import { isBlankRecord, parseCsv } from './parse-csv.js';

const fieldsOf = (text: string) =>
  parseCsv(text)
    ._unsafeUnwrap()
    .map((r) => r.fields);

describe('parseCsv', () => {
  it('reads plain records with LF, CRLF or CR endings and an optional final line break', () => {
    expect(fieldsOf('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fieldsOf('a\r1\r')).toEqual([['a'], ['1']]);
    expect(fieldsOf('a,\n,')).toEqual([
      ['a', ''],
      ['', ''],
    ]);
    expect(fieldsOf('')).toEqual([]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and skips a BOM', () => {
    const records = parseCsv(
      '\uFEFFcaption,n\r\n"Hello, ""world""\r\nline two",1\n""," x "\n',
    )._unsafeUnwrap();
    expect(records.map((r) => r.fields)).toEqual([
      ['caption', 'n'],
      ['Hello, "world"\r\nline two', '1'],
      ['', ' x '],
    ]);
    // Line numbers follow the text, a record with a line break inside counts both lines.
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('keeps a quote inside an unquoted field, as spreadsheets do', () => {
    expect(fieldsOf('5" screen,b')).toEqual([['5" screen', 'b']]);
  });

  it('refuses a quote that never closes and text after a closing quote, naming the line', () => {
    expect(parseCsv('a\n"open,b\nc')._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'csv', line: 2 },
    });
    expect(parseCsv('a\n"x"y,b')._unsafeUnwrapErr().details).toEqual({ field: 'csv', line: 2 });
  });

  it('tells blank lines apart', () => {
    const records = parseCsv('a\n\nb')._unsafeUnwrap();
    expect(records.map(isBlankRecord)).toEqual([false, true, false]);
  });

  it('round-trips what csvLine writes', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"', 'two\nlines', ' padded ', ''],
      ['é✓', 'crlf\r\ninside', '"', ',', 'end'],
    ];
    expect(fieldsOf(rows.map(csvLine).join(''))).toEqual(rows);
    expect(csvLine(['a', 'b c', 'd,e'])).toBe('a,b c,"d,e"\r\n');
  });
});
