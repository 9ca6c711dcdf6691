import { describe, expect, it } from 'vitest';
import { type CatalogUnlistedFirm, checkCatalogFirm, readCatalogJson, toCatalogDocument } from './catalog';
import {
  ACCOUNTS_CSV_COLUMNS,
  accountsCsvRows,
  type Cell,
  fromCell,
  readCatalogCsv,
  toCell,
  UNLISTED_CSV_COLUMNS,
  unlistedCsvRows,
} from './catalog-csv';
import { diffCatalogFirm, diffCatalogUnlisted, mergeCatalogFirm } from './catalog-diff';

const firm = {
  slug: 'alpha',
  name: 'Alpha',
  status: 'listed',
  featured: false,
  logo: null,
  shortDescription: '=HYPERLINK("x")',
  description: null,
  website: null,
  affiliateUrl: null,
  assetType: null,
  features: ['One', 'Two'],
  tradableAssets: ['Forex'],
  restrictedCountries: [],
  headquarters: null,
  ceoName: null,
  established: 2020,
  trustRating: 'trusted',
  ratingOverview: null,
  ratingLeadership: null,
  ratingTransparency: null,
  ratingThirdPartyReviews: null,
  ratingLongTermVision: null,
  ratingSustainability: null,
  watchOutFor: null,
  londonExpoEnabled: false,
  londonExpoUrl: null,
  payoutJunctionEnabled: false,
  payoutJunctionUrl: null,
  cashbackProvided: false,
  cashbackPercentage: null,
  accountPriceMin: null,
  accountPriceMax: null,
  fundingMin: null,
  fundingMax: null,
  platforms: ['MT5'],
  payoutMethods: [],
  fundingModels: [
    {
      name: 'Two-Step',
      description: null,
      type: null,
      assetType: null,
      leverage: null,
      profitSplit: 80,
      payoutFrequency: null,
      minimumPayout: null,
      payoutRequirements: null,
      profitTargetPhase1: 8,
      profitTargetPhase2: 5,
      profitTargetPhase3: null,
      maximumDrawdown: 10,
      dailyDrawdown: 5,
      drawdownType: null,
      stopLossRequired: false,
      minimumTradingDays: null,
      feeRefundable: true,
      timeLimits: false,
      eaAllowed: false,
      consistencyRule: false,
      consistencyPercentage: null,
      weekendHolding: false,
      lotSizeRestrictions: false,
      newsTrading: null,
      features: [],
      accounts: [
        {
          capital: 50000,
          price: 299,
          pricingType: 'one-time',
          maxContracts: null,
          activationFee: null,
          resetPrice: null,
          disclaimer: null,
        },
        {
          capital: 100000,
          price: 499,
          pricingType: 'one-time',
          maxContracts: null,
          activationFee: null,
          resetPrice: null,
          disclaimer: null,
        },
      ],
    },
  ],
};

const values = checkCatalogFirm(firm).value!;

/** Cells as the server's writer leaves them (csv-rules.ts: a formula gets an apostrophe), keyed by header. */
const asRecords = (columns: string[], rows: Cell[][]) =>
  rows.map((row) =>
    Object.fromEntries(
      columns.map((c, i) => {
        const v = row[i];
        return [c, v === null ? '' : typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : String(v)];
      }),
    ),
  );

describe('catalog format', () => {
  it("checks a firm with the editor's schema", () => {
    expect(values.slug).toBe('alpha');
    const bad = checkCatalogFirm({ ...firm, colour: 'red', established: 'soon' });
    expect(bad.value).toBeUndefined();
    expect(bad.problems).toContainEqual({ path: 'colour', message: 'unknown field' });
    expect(bad.problems).toContainEqual({ path: 'established', message: 'Founded must be a number' });
  });

  it('CSV rows and back: one row per account, lists a line each, formulas neutralised and undone', () => {
    const rows = accountsCsvRows(toCatalogDocument([values], []).firms);
    expect(rows).toHaveLength(2);
    const col = (name: string) => ACCOUNTS_CSV_COLUMNS.indexOf(name);
    expect(rows[0][col('features')]).toBe('One\nTwo');
    expect(rows[1][col('capital')]).toBe(100000);
    // What the server's writer does to each cell (csv-rules.ts), then read back.
    const records = asRecords(ACCOUNTS_CSV_COLUMNS, rows);
    const read = readCatalogCsv(records, []);
    expect(read.problems).toEqual([]);
    expect(read.firms).toEqual([values]);
  });

  it('names problems by spreadsheet row and column', () => {
    const rows = accountsCsvRows([values as never]);
    const records = rows.map((row) =>
      Object.fromEntries(ACCOUNTS_CSV_COLUMNS.map((c, i) => [c, row[i] === null ? '' : String(row[i])])),
    );
    records[1].price = 'free';
    records[0].dailyDrawdown = '140';
    records[1].dailyDrawdown = '140';
    const read = readCatalogCsv(records, []);
    expect(read.problems).toEqual([
      { at: 'row 2, dailyDrawdown', message: 'Daily drawdown must be at most 100' },
      { at: 'row 3, price', message: 'Price must be a number' },
    ]);
  });

  it('cells: comma decimals, yes/no, blanks', () => {
    expect(fromCell('price', '299,5')).toBe(299.5);
    expect(fromCell('eaAllowed', 'Yes')).toBe(true);
    expect(fromCell('maxContracts', '')).toBeNull();
    expect(fromCell('name', '')).toBe('');
    expect(toCell(['a', 'b'])).toBe('a\nb');
  });

  it('JSON: the format version and paths', () => {
    expect(readCatalogJson('{"formatVersion":1,"firms":[{"slug":"x"}]}').problems[0].at).toMatch(
      /^firms\.0\./,
    );
    expect(readCatalogJson('{"formatVersion":3,"firms":[]}').problems).toEqual([
      { at: 'formatVersion', message: 'formatVersion must be 1' },
    ]);
  });

  it('diffs field by field; merging keeps what the file leaves out', () => {
    const changed = structuredClone(values);
    changed.fundingModels[0].accounts[0].price = 249;
    changed.fundingModels[0].accounts.pop();
    expect(diffCatalogFirm(values, changed)).toEqual([
      { field: 'fundingModels.Two-Step.accounts.50000 one-time.price', before: '299', after: '249' },
      { field: 'fundingModels.Two-Step.accounts.100000 one-time', before: 'present', after: 'removed' },
    ]);
    expect(diffCatalogFirm(values, mergeCatalogFirm(values, changed))).toEqual([
      { field: 'fundingModels.Two-Step.accounts.50000 one-time.price', before: '299', after: '249' },
    ]);
  });
});

const entry: CatalogUnlistedFirm = {
  name: 'Larkspur Capital',
  logo: null,
  assetClass: 'Futures',
  description: '=1+1 first line\nsecond line',
  link: 'https://larkspur.example',
  status: 'listing_pending',
  sortOrder: 3,
};

describe('Firms Not Yet Listed in the catalog', () => {
  it('JSON: optional; each entry checked with the editor’s schema, by path', () => {
    const without = readCatalogJson('{"formatVersion":1,"firms":[]}');
    expect(without).toMatchObject({ unlistedGiven: false, unlistedFirms: [], problems: [] });
    const given = readCatalogJson(
      JSON.stringify({ formatVersion: 1, firms: [], unlistedFirms: [entry, { ...entry, name: '  x ' }] }),
    );
    expect(given.problems).toEqual([]);
    expect(given.unlistedGiven).toBe(true);
    expect(given.unlistedFirms.map((u) => u.name)).toEqual(['Larkspur Capital', 'x']);
    const bad = readCatalogJson(
      JSON.stringify({
        formatVersion: 1,
        firms: [],
        unlistedFirms: [
          { ...entry, link: 'larkspur.example', colour: 'red' },
          { ...entry, name: '', status: 'maybe', sortOrder: 1.5 },
        ],
      }),
    );
    expect(bad.problems).toEqual([
      { at: 'unlistedFirms.0.colour', message: 'unknown field' },
      { at: 'unlistedFirms.0.link', message: 'Link must start with http:// or https://' },
      { at: 'unlistedFirms.1.name', message: 'Name is required' },
      { at: 'unlistedFirms.1.status', message: 'Choose a status' },
      { at: 'unlistedFirms.1.sortOrder', message: 'Sort order must be a whole number' },
    ]);
    expect(bad.unlistedFirms).toEqual([]);
    expect(readCatalogJson('{"formatVersion":1,"firms":[],"unlistedFirms":{}}').problems).toEqual([
      { at: 'unlistedFirms', message: 'unlistedFirms must be a list' },
    ]);
  });

  it('a name given twice, in any case and spacing, is a problem naming both', () => {
    const read = readCatalogJson(
      JSON.stringify({
        formatVersion: 1,
        firms: [],
        unlistedFirms: [
          entry,
          { ...entry, status: 'not_qualified' },
          { ...entry, name: ' larkspur CAPITAL ' },
        ],
      }),
    );
    expect(read.problems).toEqual([
      { at: 'unlistedFirms.1.name', message: 'duplicate name: unlistedFirms.0.name has it too' },
      { at: 'unlistedFirms.2.name', message: 'duplicate name: unlistedFirms.0.name has it too' },
    ]);
  });

  it('CSV rows and back: formulas neutralised and undone, lines kept, problems by row and column', () => {
    const doc = toCatalogDocument(
      [],
      [],
      [checkedEntry(entry), checkedEntry({ ...entry, name: 'Tallgrass' })],
    );
    expect(Object.keys(doc.unlistedFirms[0])).toEqual(UNLISTED_CSV_COLUMNS);
    const rows = unlistedCsvRows(doc.unlistedFirms);
    expect(rows[0]).toEqual([
      'Larkspur Capital',
      null,
      'Futures',
      '=1+1 first line\nsecond line',
      'https://larkspur.example',
      'listing_pending',
      3,
    ]);
    const records = asRecords(UNLISTED_CSV_COLUMNS, rows);
    expect(records[0].description.startsWith("'=")).toBe(true);
    // A blank row in between, as a spreadsheet may leave: rows keep their numbers.
    const blank = Object.fromEntries(UNLISTED_CSV_COLUMNS.map((c) => [c, '']));
    const read = readCatalogCsv([], [], [records[0], blank, records[1]]);
    expect(read.problems).toEqual([]);
    expect(read.unlistedFirms).toEqual(doc.unlistedFirms);

    const wrong = [
      { ...records[0], sortOrder: 'first' },
      blank,
      { ...records[1], name: 'LARKSPUR capital', status: '' },
    ];
    expect(readCatalogCsv([], [], wrong).problems).toEqual([
      { at: 'unlisted-firms.csv row 2, sortOrder', message: 'Sort order must be a number' },
      { at: 'unlisted-firms.csv row 4, status', message: 'Choose a status' },
    ]);
    const twice = [records[0], { ...records[1], name: 'larkspur capital' }];
    expect(readCatalogCsv([], [], twice).problems).toEqual([
      {
        at: 'unlisted-firms.csv row 3, name',
        message: 'duplicate name: unlisted-firms.csv row 2, name has it too',
      },
    ]);
  });

  it('diffs field by field, a change of case in the name included', () => {
    const before = checkedEntry(entry);
    const after = checkedEntry({ ...entry, name: 'LARKSPUR Capital', sortOrder: 5, assetClass: null });
    expect(diffCatalogUnlisted(before, after)).toEqual([
      { field: 'name', before: 'Larkspur Capital', after: 'LARKSPUR Capital' },
      { field: 'assetClass', before: 'Futures', after: null },
      { field: 'sortOrder', before: '3', after: '5' },
    ]);
    expect(diffCatalogUnlisted(before, checkedEntry({ ...entry }))).toEqual([]);
  });
});

function checkedEntry(raw: CatalogUnlistedFirm) {
  const read = readCatalogJson(JSON.stringify({ formatVersion: 1, firms: [], unlistedFirms: [raw] }));
  expect(read.problems).toEqual([]);
  return read.unlistedFirms[0];
}
