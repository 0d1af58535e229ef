import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, fixed, toCsv } from './csv';

describe('CSV export', () => {
  it('starts with a byte order mark and ends every record with CRLF', () => {
    const csv = toCsv(['Name', 'Amount'], [['Ana', 12.5]]);
    expect(csv).toBe('\uFEFFName,Amount\r\nAna,12.5\r\n');
  });

  it('quotes fields holding commas, quotes and line ends, doubling quotes (RFC 4180)', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('The "Good" Book')).toBe('"The ""Good"" Book"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps Spanish and Russian letters as they are', () => {
    expect(toCsv(['Nombre'], [['Peña Núñez'], ['Ирина Козлова']])).toContain('Peña Núñez\r\nИрина Козлова');
  });

  it('neutralises text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(fixed(-12.5))).toBe('-12.50');
  });

  it('writes empty cells for nothing, and safe file names', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvFileName('storyhouse', 'sales', '2026-01-01', '2026-12-31')).toBe('storyhouse-sales-2026-01-01-2026-12-31.csv');
    expect(csvFileName('a"b/c')).toBe('a-b-c.csv');
  });
});
