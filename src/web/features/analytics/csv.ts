import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written
 * with a leading apostrophe, as OWASP advises against CSV injection; numbers stay numbers.
 */
export const neutralizeFormula = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** CSV text of rows under named columns, quoted where needed by csv-stringify. */
export function toCsv<Row>(rows: Row[], columns: { key: keyof Row & string; header: string }[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => neutralizeFormula(row[c.key]))),
    { header: true, columns: columns.map((c) => c.header) },
  );
}

/** Lets the browser save the text as a file. */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
