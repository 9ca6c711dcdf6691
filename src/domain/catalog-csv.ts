import {
  ACCOUNT_FIELDS,
  type CatalogCoupon,
  type CatalogDocument,
  type CatalogFirm,
  type CatalogUnlistedFirm,
  type CheckedCatalog,
  COUPON_FIELDS,
  checkCatalogItems,
  FIRM_FIELDS,
  MODEL_FIELDS,
  UNLISTED_FIELDS,
} from './catalog';

/**
 * The catalog as three spreadsheets (decision 0053): `accounts.csv`, one row per account option
 * with the firm's and the funding model's columns repeated on each row (a model without accounts,
 * and a firm without models, on a row of their own), `coupons.csv` and `unlisted-firms.csv` (the
 * "Firms Not Yet Listed" entries). Headers are the field
 * names; the funding model's fields that a firm has too are prefixed `model` (modelName). Lists
 * are one item a line within their cell. Parsing and writing the CSV text is the server's
 * (csv-parse, csv-stringify); this file turns the rows into the catalog and back.
 */

export type Cell = string | number | null;
export type CsvRecord = Record<string, string>;

const MODEL_RENAMES: Record<string, string> = {
  name: 'modelName',
  description: 'modelDescription',
  assetType: 'modelAssetType',
  features: 'modelFeatures',
};
const modelColumn = (field: string) => MODEL_RENAMES[field] ?? field;

export const FIRM_COLUMNS = FIRM_FIELDS;
export const MODEL_COLUMNS = MODEL_FIELDS.map(modelColumn);
export const ACCOUNTS_CSV_COLUMNS = [...FIRM_COLUMNS, ...MODEL_COLUMNS, ...ACCOUNT_FIELDS];
export const COUPONS_CSV_COLUMNS = COUPON_FIELDS;
export const UNLISTED_CSV_COLUMNS = UNLISTED_FIELDS;

const BOOLEANS = new Set([
  'featured',
  'londonExpoEnabled',
  'payoutJunctionEnabled',
  'cashbackProvided',
  'stopLossRequired',
  'feeRefundable',
  'timeLimits',
  'eaAllowed',
  'consistencyRule',
  'weekendHolding',
  'lotSizeRestrictions',
  'isActive',
]);
const NUMBERS = new Set([
  'established',
  'cashbackPercentage',
  'accountPriceMin',
  'accountPriceMax',
  'fundingMin',
  'fundingMax',
  'leverage',
  'profitSplit',
  'minimumPayout',
  'profitTargetPhase1',
  'profitTargetPhase2',
  'profitTargetPhase3',
  'maximumDrawdown',
  'dailyDrawdown',
  'minimumTradingDays',
  'consistencyPercentage',
  'capital',
  'price',
  'maxContracts',
  'activationFee',
  'resetPrice',
  'discountPercent',
  'sortOrder',
]);
const LISTS = new Set(['features', 'tradableAssets', 'restrictedCountries', 'platforms', 'payoutMethods']);
/** Text a blank cell leaves as '' (so the editor says it is required), not null. */
const REQUIRED_TEXT = new Set(['slug', 'name', 'status', 'trustRating', 'pricingType', 'code']);

/** A value as a cell: lists one item a line, booleans true/false, none as blank. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join('\n');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return value;
  return String(value);
}

const FORMULA_QUOTED = /^'[=+\-@\t\r]/;

/**
 * A cell as the field's value. What cannot be read (a word in a number column) is passed on as
 * text, so the editor's schema names the problem in its own words.
 */
export function fromCell(field: string, raw: string | undefined): unknown {
  // The export's formula neutralising (csv-rules.ts) is undone.
  const cell = FORMULA_QUOTED.test(raw ?? '') ? raw!.slice(1) : (raw ?? '');
  const text = cell.trim();
  if (LISTS.has(field))
    return cell
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (BOOLEANS.has(field)) {
    const v = text.toLowerCase();
    if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
    if (v === 'true' || v === 'yes' || v === '1') return true;
    return text;
  }
  if (NUMBERS.has(field)) {
    if (text === '') return null;
    // A spreadsheet in a comma-decimal locale writes 99,5.
    const normal = /^-?\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
    const n = Number(normal);
    return Number.isFinite(n) ? n : text;
  }
  if (text === '' && !REQUIRED_TEXT.has(field)) return null;
  return cell;
}

/** The rows of accounts.csv, in the order of ACCOUNTS_CSV_COLUMNS. */
export function accountsCsvRows(firms: CatalogFirm[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const firm of firms) {
    const firmCells = FIRM_FIELDS.map((f) => toCell((firm as Record<string, unknown>)[f]));
    const blankModel = MODEL_FIELDS.map(() => null);
    const blankAccount = ACCOUNT_FIELDS.map(() => null);
    if (firm.fundingModels.length === 0) rows.push([...firmCells, ...blankModel, ...blankAccount]);
    for (const model of firm.fundingModels) {
      const modelCells = MODEL_FIELDS.map((f) => toCell((model as Record<string, unknown>)[f]));
      if (model.accounts.length === 0) rows.push([...firmCells, ...modelCells, ...blankAccount]);
      for (const account of model.accounts)
        rows.push([
          ...firmCells,
          ...modelCells,
          ...ACCOUNT_FIELDS.map((f) => toCell((account as Record<string, unknown>)[f])),
        ]);
    }
  }
  return rows;
}

const rowsOf = (items: object[], fields: string[]): Cell[][] =>
  items.map((item) => fields.map((f) => toCell((item as Record<string, unknown>)[f])));

/** The rows of coupons.csv, in the order of COUPONS_CSV_COLUMNS. */
export const couponsCsvRows = (coupons: CatalogCoupon[]) => rowsOf(coupons, COUPON_FIELDS);

/** The rows of unlisted-firms.csv, in the order of UNLISTED_CSV_COLUMNS. */
export const unlistedCsvRows = (entries: CatalogUnlistedFirm[]) => rowsOf(entries, UNLISTED_FIELDS);

/** A file of one item a row (coupons.csv, unlisted-firms.csv): its rows that are not blank, as raw items. */
function itemRows(file: string, records: CsvRecord[], fields: string[]) {
  const rows = records
    .map((record, index) => ({ record, row: index + 2 }))
    .filter(({ record }) => Object.values(record).some((v) => v.trim()));
  return {
    raw: rows.map(({ record }) => Object.fromEntries(fields.map((f) => [f, fromCell(f, record[f])]))),
    at: (i: number, path: string, first: string) =>
      `${file} row ${rows[i].row}, ${path.split('.')[0] || first}`,
  };
}

export function columnProblems(file: string, header: string[], expected: string[]) {
  const problems = header
    .filter((h) => !expected.includes(h))
    .map((h) => ({ at: `${file}, column ${h}`, message: 'unknown column' }));
  for (const column of expected)
    if (!header.includes(column))
      problems.push({ at: `${file}, column ${column}`, message: 'column missing' });
  for (const [i, h] of header.entries())
    if (header.indexOf(h) !== i) problems.push({ at: `${file}, column ${h}`, message: 'column given twice' });
  return problems;
}

const isBlank = (record: CsvRecord, columns: string[]) => columns.every((c) => !record[c]?.trim());

interface FirmRows {
  firstRow: number;
  record: CsvRecord;
  models: Map<
    string,
    { firstRow: number; record: CsvRecord; accounts: { row: number; record: CsvRecord }[] }
  >;
}

/**
 * The catalog from the records of the files (a record per row, keyed by header; row 2 is the
 * first under the header). Problems name the file's row and column ("row 14, dailyDrawdown";
 * "coupons.csv row 3, code", "unlisted-firms.csv row 4, link").
 */
export function readCatalogCsv(
  accounts: CsvRecord[],
  coupons: CsvRecord[],
  unlisted: CsvRecord[] = [],
): CheckedCatalog {
  const problems: CheckedCatalog['problems'] = [];
  const bySlug = new Map<string, FirmRows>();
  accounts.forEach((record, index) => {
    const row = index + 2;
    if (Object.values(record).every((v) => !v.trim())) return;
    const slug = (record.slug ?? '').trim();
    let firm = bySlug.get(slug);
    if (!firm) {
      firm = { firstRow: row, record, models: new Map() };
      bySlug.set(slug, firm);
    } else {
      for (const column of FIRM_COLUMNS)
        if ((record[column] ?? '') !== (firm.record[column] ?? ''))
          problems.push({
            at: `row ${row}, ${column}`,
            message: `differs from row ${firm.firstRow}, the first row of the firm ${slug}`,
          });
    }
    if (isBlank(record, MODEL_COLUMNS) && isBlank(record, ACCOUNT_FIELDS)) return;
    const name = (record.modelName ?? '').trim();
    let model = firm.models.get(name.toLowerCase());
    if (!model) {
      model = { firstRow: row, record, accounts: [] };
      firm.models.set(name.toLowerCase(), model);
    } else {
      for (const column of MODEL_COLUMNS)
        if ((record[column] ?? '') !== (model.record[column] ?? ''))
          problems.push({
            at: `row ${row}, ${column}`,
            message: `differs from row ${model.firstRow}, the first row of the funding model ${name}`,
          });
    }
    if (!isBlank(record, ACCOUNT_FIELDS)) model.accounts.push({ row, record });
  });

  const firms = [...bySlug.values()];
  const rawFirms = firms.map((firm) => ({
    ...Object.fromEntries(FIRM_FIELDS.map((f) => [f, fromCell(f, firm.record[f])])),
    fundingModels: [...firm.models.values()].map((model) => ({
      ...Object.fromEntries(MODEL_FIELDS.map((f) => [f, fromCell(f, model.record[modelColumn(f)])])),
      accounts: model.accounts.map(({ record }) =>
        Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, fromCell(f, record[f])])),
      ),
    })),
  }));
  /** A path inside a firm as the row and column of the file. */
  const firmAt = (index: number, path: string) => {
    const firm = firms[index];
    const [first, modelIndex, third, accountIndex, field] = path.split('.');
    if (first === 'fundingModels' && modelIndex !== undefined) {
      const model = [...firm.models.values()][Number(modelIndex)];
      if (third === 'accounts' && accountIndex !== undefined) {
        const account = model?.accounts[Number(accountIndex)];
        return `row ${account?.row ?? model?.firstRow ?? firm.firstRow}, ${field ?? 'capital'}`;
      }
      return `row ${model?.firstRow ?? firm.firstRow}, ${third ? modelColumn(third) : 'modelName'}`;
    }
    return `row ${firm.firstRow}, ${first || 'slug'}`;
  };
  const couponRows = itemRows('coupons.csv', coupons, COUPON_FIELDS);
  const unlistedRows = itemRows('unlisted-firms.csv', unlisted, UNLISTED_FIELDS);
  const checked = checkCatalogItems(
    { firms: rawFirms, coupons: couponRows.raw, unlistedFirms: unlistedRows.raw },
    {
      firmAt,
      couponAt: (i, path) => couponRows.at(i, path, 'code'),
      unlistedAt: (i, path) => unlistedRows.at(i, path, 'name'),
    },
  );
  return { ...checked, problems: [...problems, ...checked.problems] };
}

export type { CatalogDocument };
