import { err, ok, type Result } from 'neverthrow';
import { type SvcError, svcError } from '../kernel/index.js';

/** One record of a CSV text: its fields, and the line it starts on (1-based) for messages. */
export type CsvRecord = { readonly fields: readonly string[]; readonly line: number };

/**
 * Parses CSV as RFC 4180 writes it, as spreadsheets export it: comma-separated fields, fields in
 * double quotes holding commas, line breaks and doubled quotes (`""`), records ending in CRLF or
 * LF (or CR), an optional final line break, a leading byte-order mark. A quote inside an unquoted
 * field is kept as written, as spreadsheets read it. Text after a closing quote, or a quote that
 * never closes, is `validation_failed` with the line, since guessing would shift every cell after.
 */
export function parseCsv(text: string): Result<CsvRecord[], SvcError> {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && !fieldStarted) {
      const quoted = readQuoted(text, i + 1, line);
      if (quoted.isErr()) return err(quoted.error);
      field = quoted.value.text;
      line = quoted.value.line;
      i = quoted.value.end;
      fieldStarted = true;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        return err(
          csvError(`Line ${line}: a quoted field must end at a comma or the end of the line.`, line),
        );
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      fields.push(field);
      records.push({ fields, line: recordLine });
      fields = [];
      field = '';
      fieldStarted = false;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += c;
    fieldStarted = true;
    i += 1;
  }
  // The last record may end without a line break; a final line break opens no record.
  if (fieldStarted || fields.length > 0) {
    fields.push(field);
    records.push({ fields, line: recordLine });
  }
  return ok(records);
}

/** Whether a record is an empty line (one empty field), which a reader skips. */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.length === 1 && record.fields[0] === '';
}

function readQuoted(
  text: string,
  start: number,
  startLine: number,
): Result<{ readonly text: string; readonly end: number; readonly line: number }, SvcError> {
  let value = '';
  let line = startLine;
  let i = start;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      if (text[i + 1] !== '"') return ok({ text: value, end: i + 1, line });
      value += '"';
      i += 2;
      continue;
    }
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
    value += c;
    i += 1;
  }
  return err(
    csvError(`Line ${startLine}: a quoted field is never closed. Close it with a double quote.`, startLine),
  );
}

function csvError(message: string, line: number): SvcError {
  return svcError('validation_failed', message, { field: 'csv', line });
}
