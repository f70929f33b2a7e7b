import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('hello')).toBe('hello');
    expect(csvCell(null)).toBe('');
  });
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvCell(`${start}HYPERLINK("x")`).startsWith(`"'${start}`) || csvCell(`${start}1`).startsWith(`'${start}`)).toBe(true);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=cmd|"/c calc"!A0')).toBe('"\'=cmd|""/c calc""!A0"');
  });
  it('ends a row with CRLF', () => {
    expect(csvRow(['a', null, '-2'])).toBe("a,,'-2\r\n");
  });
});
