import { stringify } from 'csv-stringify/browser/esm/sync';
import { neutralizeFormula } from '../../../domain/csv-rules';

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
