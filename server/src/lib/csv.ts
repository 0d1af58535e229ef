/**
 * Spreadsheets the back office hands out (issue 29 item 5; the newsletter
 * export of issue 30 too): RFC 4180 (comma separated, CRLF line ends, a field
 * quoted when it holds a comma, a quote or a line end, quotes doubled), UTF-8
 * with a byte order mark so Excel reads Spanish and Russian names right.
 *
 * A text cell that a spreadsheet would take for a formula (it starts with
 * =, +, -, @, a tab or a carriage return) is neutralised with a leading
 * apostrophe (OWASP's CSV injection advice). Numbers are written as numbers,
 * so a negative amount stays a number.
 */
export type CsvCell = string | number | boolean | Fixed | null | undefined;

/** A number written with a fixed count of decimals (money: 12.50, not 12.5). */
type Fixed = { fixed: string };
export const fixed = (value: number, digits = 2): Fixed => ({ fixed: value.toFixed(digits) });

const BOM = '\uFEFF';
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return value.fixed;
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** A file name safe in a Content-Disposition header: letters, digits, dots and dashes. */
export function csvFileName(...parts: string[]): string {
  return `${parts.join('-').replace(/[^A-Za-z0-9.-]+/g, '-')}.csv`;
}
