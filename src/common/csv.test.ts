import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow } from './csv';

/**
 * The parts a spreadsheet sees if it splits the cell's text on `separator` (ignoring quotes), as
 * it would read each: trimmed, and without quote marks a "text to columns" takes as a qualifier.
 */
const partsOf = (cell: string, separator: RegExp) =>
  (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)
    .split(separator)
    .map((part) => part.trim().replace(/^("\s*)+/, ''));
const FORMULA = /^[=+\-@]/;

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('hello')).toBe('hello');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a - b = c')).toBe('a - b = c');
  });
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
  it('quotes semicolons and tabs, the separators of other locales and of tab-separated imports', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
  });
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toMatch(/^"?'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=cmd|"/c calc"!A0')).toBe('"\'=cmd|""/c calc""!A0"');
  });
  it('defuses a formula after a semicolon, the attack on semicolon locales', () => {
    expect(csvCell("harmless x;=cmd|' /C calc'!A0")).toBe(`"harmless x;'=cmd|' /C calc'!A0"`);
  });
  it('leaves no part starting a formula however the cell is split', () => {
    const hostile = [
      "harmless x;=cmd|' /C calc'!A0",
      'a,+1',
      'a; -1+2',
      'a;\t=1',
      'line one\r\n=HYPERLINK("http://evil.example")',
      'x\n@SUM(A1)',
      'a;\u00a0=1',
      '=a;=b,=c\t=d',
      '/x;=1+1',
      'a;"=1+1',
      'a; " =1',
      'a;\t"\t=1',
      ' =1',
      '"@SUM(A1)"',
    ];
    for (const text of hostile) {
      const cell = csvCell(text);
      for (const separator of [/,/, /;/, /\t/, /\r?\n|\r/]) {
        for (const part of partsOf(cell, separator)) expect(part, `${JSON.stringify(text)} split on ${separator}`).not.toMatch(FORMULA);
      }
    }
  });
  it('changes nothing but the apostrophes', () => {
    const text = 'a;=1,+2\n-3';
    expect(csvCell(text)).toBe(`"a;'=1,'+2\n'-3"`);
  });
  it('puts the apostrophe before quote marks that a split could take as a text qualifier', () => {
    expect(csvCell('a;"=1')).toBe(`"a;'""=1"`);
    expect(csvCell('"=1')).toBe(`"'""=1"`);
  });
  it('writes numbers as numbers, negative ones included', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('csvRow', () => {
  it('ends a row with CRLF', () => {
    expect(csvRow(['a', null, '-2'])).toBe("a,,'-2\r\n");
  });
});

describe('csvDocument', () => {
  it('writes the header and the rows, quoting and defusing each cell', () => {
    expect(
      csvDocument(
        ['path', 'views'],
        [
          ['/a,b', 2],
          ['=cmd()', null],
          ['/x;=1+1', 3],
        ],
      ),
    ).toBe(`path,views\r\n"/a,b",2\r\n'=cmd(),\r\n"/x;'=1+1",3\r\n`);
  });
});
