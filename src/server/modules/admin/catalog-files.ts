import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  type CatalogDocument,
  type CatalogParts,
  type CheckedCatalog,
  readCatalogJson,
  unreadCatalog,
} from '../../../domain/catalog';
import {
  ACCOUNTS_CSV_COLUMNS,
  accountsCsvRows,
  COUPONS_CSV_COLUMNS,
  type CsvRecord,
  columnProblems,
  couponsCsvRows,
  readCatalogCsv,
  UNLISTED_CSV_COLUMNS,
  unlistedCsvRows,
} from '../../../domain/catalog-csv';
import { neutralizeFormula } from '../../../domain/csv-rules';

/** The catalog's files: one JSON document, or accounts.csv, coupons.csv and unlisted-firms.csv (decision 0053). */
export type CatalogFormat = 'json' | 'csv';

export const catalogJson = (doc: CatalogDocument) => `${JSON.stringify(doc, null, 2)}\n`;

const csv = (columns: string[], rows: unknown[][]) =>
  stringify(
    rows.map((row) => row.map(neutralizeFormula)),
    // A byte-order mark, so spreadsheets read the file as UTF-8.
    { header: true, columns, bom: true, record_delimiter: 'unix' },
  );

export const CATALOG_CSV_FILES = ['accounts.csv', 'coupons.csv', 'unlisted-firms.csv'] as const;
export type CatalogCsvFile = (typeof CATALOG_CSV_FILES)[number];

export function catalogCsvFiles(doc: CatalogDocument): Record<CatalogCsvFile, string> {
  return {
    'accounts.csv': csv(ACCOUNTS_CSV_COLUMNS, accountsCsvRows(doc.firms)),
    'coupons.csv': csv(COUPONS_CSV_COLUMNS, couponsCsvRows(doc.coupons)),
    'unlisted-firms.csv': csv(UNLISTED_CSV_COLUMNS, unlistedCsvRows(doc.unlistedFirms)),
  };
}

export interface CatalogUpload extends CatalogParts {
  catalog: CheckedCatalog;
}

/**
 * Parses a CSV file as spreadsheets write it: a byte-order mark or none, comma or semicolon
 * separators (told by the header line), quoted newlines. Blank rows are kept as blank records so
 * record i is spreadsheet row i + 2.
 */
function parseCsv(
  file: string,
  text: string,
  expected: string[],
): { records: CsvRecord[]; problems: CheckedCatalog['problems'] } {
  const body = text.replace(/^\uFEFF/, '');
  const headerLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = (headerLine.match(/;/g)?.length ?? 0) > (headerLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let rows: string[][];
  try {
    rows = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { records: [], problems: [{ at: file, message: err.message }] };
  }
  const [header = [], ...data] = rows;
  const names = header.map((h) => h.trim());
  const problems = columnProblems(file, names, expected);
  data.forEach((row, i) => {
    if (row.length > 1 && row.length !== names.length)
      problems.push({
        at: `${file} row ${i + 2}`,
        message: `has ${row.length} cells, the header ${names.length}`,
      });
  });
  const records = data.map((row) => Object.fromEntries(names.map((name, j) => [name, row[j] ?? ''])));
  return { records, problems };
}

/**
 * Reads an upload: one .json file, or accounts.csv with coupons.csv and unlisted-firms.csv
 * optional (a part not given is left alone by the import).
 */
export function readCatalogFiles(files: { name: string; text: string }[]): CatalogUpload {
  const json = files.find((f) => f.name.toLowerCase().endsWith('.json'));
  if (json) {
    const { couponsGiven, unlistedGiven, ...catalog } = readCatalogJson(json.text);
    return { catalog, couponsGiven, unlistedGiven };
  }
  const named = (name: CatalogCsvFile) =>
    files.find((f) => f.name.replace(/^.*[\\/]/, '').toLowerCase() === name);
  const accounts = named('accounts.csv');
  const coupons = named('coupons.csv');
  const unlisted = named('unlisted-firms.csv');
  const given = { couponsGiven: !!coupons, unlistedGiven: !!unlisted };
  if (!accounts)
    return {
      catalog: unreadCatalog([
        {
          at: 'file',
          message:
            'Give catalog.json, or accounts.csv (with coupons.csv and unlisted-firms.csv if you have them)',
        },
      ]),
      couponsGiven: false,
      unlistedGiven: false,
    };
  const none = { records: [], problems: [] };
  const a = parseCsv('accounts.csv', accounts.text, ACCOUNTS_CSV_COLUMNS);
  const c = coupons ? parseCsv('coupons.csv', coupons.text, COUPONS_CSV_COLUMNS) : none;
  const u = unlisted ? parseCsv('unlisted-firms.csv', unlisted.text, UNLISTED_CSV_COLUMNS) : none;
  const structural = [...a.problems, ...c.problems, ...u.problems];
  if (structural.length) return { catalog: unreadCatalog(structural), ...given };
  return { catalog: readCatalogCsv(a.records, c.records, u.records), ...given };
}
