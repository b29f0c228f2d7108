import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';
import { restoreFormula } from './formula-cells.js';
import { type CsvRecord, isBlankRecord, parseCsv } from './parse-csv.js';

/** Most posts one bulk import takes (rows of a CSV file, items of a JSON list). */
export const BULK_MAX_ROWS = 1000;

/**
 * The columns of a bulk CSV, in the order an export writes them; each is a field of the post
 * payload (spec 2.2). Lists are written inside one cell (see docs/bulk.md).
 */
export const BULK_CSV_COLUMNS = [
  'caption',
  'platforms',
  'profileIds',
  'scheduledTime',
  'mediaUrls',
  'mediaIds',
  'title',
  'category',
  'externalId',
  'platformMeta',
  'allowDuplicate',
  'queue',
] as const;

/** A column of a bulk CSV. */
export type BulkCsvColumn = (typeof BULK_CSV_COLUMNS)[number];

/** The formats a bulk import reads. */
export type BulkFormat = 'csv' | 'json';

/**
 * One post of a bulk file: `row` is its place among the file's posts (1 = the first data row of a
 * CSV, the first item of a JSON list). `payload` is a post creation payload for `createPosts`; a
 * row whose cells could not even be read as one carries its `error` instead.
 */
export type BulkRow =
  | { readonly row: number; readonly payload: Readonly<Record<string, unknown>> }
  | { readonly row: number; readonly error: SvcError };

/**
 * Reads a bulk file into post payloads: CSV with a header row (RFC 4180), or JSON (a list of
 * payload objects, or `{ "posts": [...] }`). A problem of the whole file (no header, an unknown
 * column, broken quoting, more than `BULK_MAX_ROWS` posts) is the error; a problem of one row is
 * that row's error, so the other rows can still be checked.
 */
export function parseBulkPosts(text: string, format: BulkFormat): Result<BulkRow[], SvcError> {
  return format === 'csv' ? parseCsvRows(text) : parseJsonRows(text);
}

function parseCsvRows(text: string): Result<BulkRow[], SvcError> {
  const parsed = parseCsv(text);
  if (parsed.isErr()) return err(parsed.error);
  const [head, ...rest] = parsed.value.filter((r) => !isBlankRecord(r));
  if (head === undefined) {
    return err(
      svcError(
        'validation_failed',
        `The CSV is empty. Start it with a header row: ${BULK_CSV_COLUMNS.join(',')}.`,
        {
          field: 'header',
        },
      ),
    );
  }
  const columns = headerOf(head);
  if (columns.isErr()) return err(columns.error);
  const tooMany = rowLimitError(rest.length);
  if (tooMany !== null) return err(tooMany);
  return ok(rest.map((record, i) => rowOf(i + 1, columns.value, record)));
}

/** The header's columns, each a known one, once; `platforms` must be there. */
function headerOf(head: CsvRecord): Result<BulkCsvColumn[], SvcError> {
  const byName = new Map(BULK_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const names = head.fields.map((f) => f.trim());
  const unknown = names.filter((n) => !byName.has(n.toLowerCase()));
  if (unknown.length > 0) {
    const hint =
      names.length === 1 && /[;\t]/.test(names[0] ?? '') ? ' Separate the columns with commas.' : '';
    return err(
      svcError(
        'validation_failed',
        `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => JSON.stringify(n)).join(', ')}. The columns are: ${BULK_CSV_COLUMNS.join(', ')}.${hint}`,
        { field: 'header', unknownColumns: unknown, allowed: [...BULK_CSV_COLUMNS] },
      ),
    );
  }
  const columns = names.map((n) => byName.get(n.toLowerCase()) as BulkCsvColumn);
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (repeated.length > 0) {
    return err(
      svcError('validation_failed', `Column ${repeated[0]} appears more than once in the header.`, {
        field: 'header',
        repeatedColumns: [...new Set(repeated)],
      }),
    );
  }
  if (!columns.includes('platforms')) {
    return err(
      svcError('validation_failed', 'The header has no platforms column; every post needs its platforms.', {
        field: 'header',
      }),
    );
  }
  return ok(columns);
}

function rowOf(row: number, columns: readonly BulkCsvColumn[], record: CsvRecord): BulkRow {
  if (record.fields.length !== columns.length) {
    return {
      row,
      error: svcError(
        'validation_failed',
        `Row ${row} (line ${record.line}) has ${record.fields.length} cells, the header ${columns.length}. Quote cells that hold commas.`,
        { field: 'row', row, line: record.line, expected: columns.length, found: record.fields.length },
      ),
    };
  }
  const payload: Record<string, unknown> = {};
  for (const [i, column] of columns.entries()) {
    const value = cellValue(column, record.fields[i] as string);
    if (value.isErr()) return { row, error: value.error };
    if (value.value !== undefined) payload[column] = value.value;
  }
  return { row, payload };
}

/**
 * What a cell says for its payload field; undefined for an empty cell (the field is left out). A
 * formula start an export neutralised (`'=SUM(A1)`) reads as the text it was (`=SUM(A1)`).
 */
function cellValue(column: BulkCsvColumn, cell: string): Result<unknown, SvcError> {
  // Captions keep their spaces and line breaks; other cells are trimmed.
  if (column === 'caption') return ok(cell === '' ? undefined : restoreFormula(cell));
  const text = restoreFormula(cell.trim());
  if (text === '') return ok(undefined);
  switch (column) {
    case 'platforms':
    case 'profileIds':
      return ok(splitCell(text, /[,;|]/));
    case 'mediaIds':
      return ok(splitCell(text, /[\s,;|]+/));
    case 'mediaUrls':
      // Links may hold commas and semicolons; they never hold spaces or pipes unencoded.
      return ok(splitCell(text, /[\s|]+/));
    case 'platformMeta':
      return jsonCell(text);
    case 'allowDuplicate':
    case 'queue':
      return booleanCell(column, text);
    default:
      return ok(text);
  }
}

function splitCell(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function jsonCell(text: string): Result<unknown, SvcError> {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return ok(value);
  } catch {
    // Refused below, as a value that is not an object is.
  }
  return err(
    svcError(
      'validation_failed',
      'platformMeta must be a JSON object, for example {"tiktok":{"privacyLevel":"PUBLIC_TO_EVERYONE"}}.',
      { field: 'platformMeta' },
    ),
  );
}

function booleanCell(column: BulkCsvColumn, text: string): Result<boolean, SvcError> {
  const value = text.toLowerCase();
  if (value === 'true' || value === 'yes' || value === '1') return ok(true);
  if (value === 'false' || value === 'no' || value === '0') return ok(false);
  return err(svcError('validation_failed', `${column} must be true or false.`, { field: column }));
}

function parseJsonRows(text: string): Result<BulkRow[], SvcError> {
  let body: unknown;
  try {
    body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return err(svcError('invalid_json', 'The body is not valid JSON.'));
  }
  const items = itemsOf(body);
  if (items === null) {
    return err(
      svcError('validation_failed', 'Send a JSON list of posts, or an object { "posts": [...] }.', {
        field: 'posts',
      }),
    );
  }
  const tooMany = rowLimitError(items.length);
  if (tooMany !== null) return err(tooMany);
  return ok(
    items.map((item, i): BulkRow => {
      const row = i + 1;
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        return { row, payload: item as Record<string, unknown> };
      }
      return {
        row,
        error: svcError('validation_failed', `Post ${row} is not a JSON object.`, { field: 'posts', row }),
      };
    }),
  );
}

function itemsOf(body: unknown): readonly unknown[] | null {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') return null;
  const keys = Object.keys(body);
  const posts = (body as { posts?: unknown }).posts;
  return keys.length === 1 && Array.isArray(posts) ? posts : null;
}

function rowLimitError(rows: number): SvcError | null {
  if (rows <= BULK_MAX_ROWS) return null;
  return svcError(
    'validation_failed',
    `${rows} posts in one import; the most is ${BULK_MAX_ROWS}. Split the file and import the parts one after the other.`,
    { field: 'posts', max: BULK_MAX_ROWS, rows },
  );
}
