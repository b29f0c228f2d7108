import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aPost } from '../testing/builders.js';
import { csvLine } from './csv-line.js';
import { neutralizeFormula, restoreFormula } from './formula-cells.js';
import { parseBulkPosts } from './parse-bulk-posts.js';
import { postsToCsv } from './posts-to-csv.js';

// What a spreadsheet reads as the start of a formula (OWASP, CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

describe('neutralizeFormula and restoreFormula', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-5% today', "'-5% today"],
    ['+1', "'+1"],
    ['@here', "'@here"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ["'=already", "''=already"],
    ["'plain", "'plain"],
    ['Plain', 'Plain'],
    ['', ''],
  ])('writes %j as %j and reads it back', (text, written) => {
    expect(neutralizeFormula(text)).toBe(written);
    expect(restoreFormula(written)).toBe(text);
  });

  it('never writes a formula start, and reads back every text as it was', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', ' ', '1') });
    fc.assert(
      fc.property(text, (s) => {
        const written = neutralizeFormula(s);
        expect(written).not.toMatch(FORMULA_START);
        expect(restoreFormula(written)).toBe(s);
      }),
    );
  });

  it('quotes a neutralised cell in a CSV record', () => {
    expect(csvLine(['=1+1', 'x'])).toBe(`"'=1+1",x\r\n`);
  });

  it('round-trips captions, titles and categories through an export and an import', () => {
    const post = aPost('user_1', 'acct_1', {
      caption: '=SUM(A1)',
      platforms: ['youtube'],
      title: '-5% today',
      category: '@team',
    });
    const [row] = parseBulkPosts(postsToCsv([post], { header: true }), 'csv')._unsafeUnwrap();
    expect(row !== undefined && 'payload' in row ? row.payload : null).toMatchObject({
      caption: '=SUM(A1)',
      title: '-5% today',
      category: '@team',
    });
  });
});
