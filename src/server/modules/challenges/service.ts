import {
  type ChallengeOption,
  type ChallengePage,
  type ChallengeQuery,
  computeTrueCost,
  defaultOrder,
  sortUsesAssumptions,
  type TrueCostAssumptions,
} from '../../../domain/challenge-rules';
import { pageOffset } from '../../../domain/firm-rules';
import type { Catalog, CatalogRow, StaticSort } from './catalog';

type Test = (row: CatalogRow) => boolean;

/** The query's filters as one test per given filter; repeated values of one filter are any of them. */
export function challengeFilters(query: Partial<ChallengeQuery>): Test[] {
  const tests: Test[] = [];
  const anyOf = <T>(values: readonly T[] | undefined, test: (row: CatalogRow, value: T) => boolean) => {
    if (values?.length) tests.push((row) => values.some((value) => test(row, value)));
  };
  anyOf(query.size, (row, size) => row.capital === size);
  if (query.sizeMin != null) tests.push((row) => row.capital >= query.sizeMin!);
  if (query.sizeMax != null) tests.push((row) => row.capital <= query.sizeMax!);
  anyOf(query.steps, (row, steps) => row.steps === steps);
  anyOf(query.asset, (row, asset) => row.assets.has(asset));
  anyOf(query.drawdownType, (row, type) => row.drawdownType === type);
  // No daily limit (none or 0) leaves more room than any limit.
  if (query.dailyDrawdownMin != null) {
    const min = query.dailyDrawdownMin;
    tests.push((row) => !row.dailyDrawdown || row.dailyDrawdown >= min);
  }
  if (query.maxDrawdownMin != null) {
    const min = query.maxDrawdownMin;
    tests.push((row) => row.maximumDrawdown != null && row.maximumDrawdown >= min);
  }
  if (query.targetMax != null) tests.push((row) => row.target <= query.targetMax!);
  if (query.priceMax != null) tests.push((row) => row.priceAfterCoupon <= query.priceMax!);
  if (query.profitSplitMin != null) {
    const min = query.profitSplitMin;
    tests.push((row) => row.profitSplit != null && row.profitSplit >= min);
  }
  anyOf(query.platform, (row, platform) => row.platforms.has(platform));
  if (query.country) {
    const country = query.country.trim().toLowerCase();
    tests.push((row) => !row.restrictedCountries.has(country));
  }
  const flag = (value: boolean | undefined, read: (row: CatalogRow) => boolean) => {
    if (value !== undefined) tests.push((row) => read(row) === value);
  };
  flag(query.news, (row) => row.news);
  flag(query.weekend, (row) => row.weekend);
  flag(query.ea, (row) => row.ea);
  flag(query.noTimeLimit, (row) => !row.timeLimits);
  flag(query.refundable, (row) => row.refundable);
  flag(query.hasCoupon, (row) => row.hasCoupon);
  return tests;
}

const withCost = (row: CatalogRow, assumptions: TrueCostAssumptions): ChallengeOption => ({
  ...row.option,
  ...computeTrueCost(row.costInput, assumptions),
});

/**
 * One page of account options (GET /api/challenges): filtered in one pass over the catalog, in an
 * order prepared when it was built, or for the true-cost sorts, ordered by the cost this request's
 * pass rate and months per attempt give.
 */
export function listChallenges(catalog: Catalog, query: ChallengeQuery): ChallengePage {
  const tests = challengeFilters(query);
  const matches = (row: CatalogRow) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
  const assumptions = { passRate: query.passRate, monthsPerAttempt: query.monthsPerAttempt };
  const order = query.order ?? defaultOrder(query.sort);
  const start = pageOffset(query.page, query.pageSize);
  const end = start + query.pageSize;
  const { rows } = catalog;

  if (!sortUsesAssumptions(query.sort)) {
    const positions = catalog.orders[query.sort as StaticSort][order];
    const page: ChallengeOption[] = [];
    let total = 0;
    for (let i = 0; i < positions.length; i++) {
      const row = rows[positions[i]];
      if (!matches(row)) continue;
      if (total >= start && total < end) page.push(withCost(row, assumptions));
      total++;
    }
    return { options: page, total, page: query.page, pageSize: query.pageSize };
  }

  // Rows are held in price-after-coupon order, so a stable sort by cost keeps the documented ties.
  const matched: CatalogRow[] = [];
  const costs: number[] = [];
  const key = query.sort === 'trueCost' ? 'trueCost' : 'costPer1k';
  for (const row of rows) {
    if (!matches(row)) continue;
    matched.push(row);
    costs.push(computeTrueCost(row.costInput, assumptions)[key]);
  }
  const direction = order === 'asc' ? 1 : -1;
  const positions = Array.from(matched, (_, i) => i).sort(
    (i, j) => (costs[i] - costs[j]) * direction || i - j,
  );
  const options = positions.slice(start, end).map((i) => withCost(matched[i], assumptions));
  return { options, total: matched.length, page: query.page, pageSize: query.pageSize };
}
