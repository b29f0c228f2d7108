/**
 * One CSV record as RFC 4180 writes it, ending in CRLF: a field is quoted when it holds a comma,
 * a quote, a line break or leading or trailing spaces (which some readers trim), quotes doubled.
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
