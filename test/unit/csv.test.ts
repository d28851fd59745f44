import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvCell, csvFile } from '../../functions/lib/csv';

/** What a spreadsheet reads from the file: parsed by the csv project's parser. */
const readBack = (file: string): string[][] => parse(file, { bom: true });

describe('a CSV file', () => {
  it('reads back cell for cell, with commas, quotes, line breaks and accents as they were', () => {
    const rows = [
      ['Name', 'Email'],
      ['Zoë "Breath" O\'Neill, Jr.', 'zoe@example.com'],
      ['Two\r\nlines', 'λ@example.com'],
    ];
    const file = csvFile(rows);
    expect(file.startsWith('\uFEFF')).toBe(true);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(readBack(file)).toEqual(rows);
  });

  it('turns a cell a spreadsheet would run as a formula into plain text', () => {
    for (const formula of [
      '=HYPERLINK("http://evil.example","Click")',
      '+44 7700 900123',
      '-2+3',
      '@SUM(A1:A2)',
      '\tx',
      '\r=1',
    ]) {
      const [[cell]] = readBack(csvFile([[formula]]));
      expect(cell, formula).toBe(`'${formula}`);
    }
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    // Only a first character starts a formula.
    expect(readBack(csvFile([['Ada = Lovelace', 'a+b@example.com']]))).toEqual([['Ada = Lovelace', 'a+b@example.com']]);
  });
});
