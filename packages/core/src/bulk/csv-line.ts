import { neutralizeFormula } from './formula-cells.js';

/**
 * One CSV record as RFC 4180 writes it, ending in CRLF, safe to open in a spreadsheet: a cell
 * that would start a formula gets a leading single quote (`neutralizeFormula`, OWASP's rule); a
 * field is quoted when it holds a comma, a quote, a line break, leading or trailing spaces (which
 * some readers trim) or begins with a single quote, quotes doubled.
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map((field) => csvField(neutralizeFormula(field))).join(',')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$|^'/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
