import { describe, expect, it } from 'vitest';
import { checkCatalogFirm, readCatalogJson, toCatalogDocument } from './catalog';
import { ACCOUNTS_CSV_COLUMNS, accountsCsvRows, fromCell, readCatalogCsv, toCell } from './catalog-csv';
import { diffCatalogFirm, mergeCatalogFirm } from './catalog-diff';

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
    const records = rows.map((row) =>
      Object.fromEntries(
        ACCOUNTS_CSV_COLUMNS.map((c, i) => {
          const v = row[i];
          return [c, v === null ? '' : typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : String(v)];
        }),
      ),
    );
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
