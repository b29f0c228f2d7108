// OWASP's CSV injection rule: a spreadsheet reads a cell that begins with `=`, `+`, `-`, `@`, a tab
// or a carriage return as a formula (which can run commands or send the sheet's data away), so
// such a cell is written with a leading single quote, which spreadsheets read as "text follows".
// Quotes already leading a formula are counted in, so the import strips exactly the one added.
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

/** A cell as a spreadsheet must not evaluate it: a leading single quote before a formula start. */
export function neutralizeFormula(cell: string): string {
  return NEEDS_QUOTE.test(cell) ? `'${cell}` : cell;
}

/** A cell as it was before `neutralizeFormula`: one leading single quote before a formula start removed. */
export function restoreFormula(cell: string): string {
  return QUOTED.test(cell) ? cell.slice(1) : cell;
}
