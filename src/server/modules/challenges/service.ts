import {
  type ChallengeOption,
  type ChallengePage,
  type ChallengeQuery,
  computeTrueCost,
  DRAWDOWN_TYPES,
  defaultOrder,
  sortUsesAssumptions,
  type TrueCostAssumptions,
} from '../../../domain/challenge-rules';
import { pageOffset } from '../../../domain/firm-rules';
import { type Catalog, type CatalogRow, FLAG, type StaticSort } from './catalog';

/** Room for the position of a row in a packed sort key: exact while cents x 2^21 stay below 2^53. */
const POSITIONS = 2 ** 21;
const MAX_PACKED_CENTS = 2 ** 31;

const bits = <T>(values: readonly T[] | undefined, bit: (value: T) => number) =>
  (values ?? []).reduce((mask, value) => mask | bit(value), 0);

/**
 * The query's filters as one test of a row's position, reading the catalog's typed columns.
 * Repeated values of one filter are any of them; different filters all hold.
 */
export function challengeMatcher(catalog: Catalog, query: Partial<ChallengeQuery>): (i: number) => boolean {
  const { rows } = catalog;
  const c = catalog.columns;
  const sizes = query.size?.length ? query.size : null;
  const sizeMin = query.sizeMin ?? Number.NEGATIVE_INFINITY;
  const sizeMax = query.sizeMax ?? Number.POSITIVE_INFINITY;
  const steps = bits(query.steps, (s) => 1 << s);
  const assets = bits(query.asset, (a) => FLAG[a]);
  const drawdowns = bits(query.drawdownType, (t) => 1 << DRAWDOWN_TYPES.indexOf(t));
  const dailyMin = query.dailyDrawdownMin;
  const maxDrawdownMin = query.maxDrawdownMin;
  const targetMax = query.targetMax ?? Number.POSITIVE_INFINITY;
  const priceMax = query.priceMax ?? Number.POSITIVE_INFINITY;
  const splitMin = query.profitSplitMin;
  const platforms = query.platform?.length ? query.platform : null;
  const country = query.country ? query.country.trim().toLowerCase() : null;
  // Yes/no filters: bits that must be set, and bits that must not.
  let required = 0;
  let forbidden = 0;
  const flag = (value: boolean | undefined, bit: number) => {
    if (value === true) required |= bit;
    if (value === false) forbidden |= bit;
  };
  flag(query.news, FLAG.news);
  flag(query.weekend, FLAG.weekend);
  flag(query.ea, FLAG.ea);
  flag(query.noTimeLimit === undefined ? undefined : !query.noTimeLimit, FLAG.timeLimits);
  flag(query.refundable, FLAG.refundable);
  flag(query.hasCoupon, FLAG.hasCoupon);
  return (i) => {
    const price = c.priceAfterCoupon[i];
    if (price > priceMax) return false;
    const capital = c.capital[i];
    if (capital < sizeMin || capital > sizeMax) return false;
    if (sizes && !sizes.includes(capital)) return false;
    if (steps && !((steps >> c.steps[i]) & 1)) return false;
    const flags = c.flags[i];
    if ((flags & required) !== required || flags & forbidden) return false;
    if (assets && !(flags & assets)) return false;
    if (drawdowns && (c.drawdown[i] < 0 || !((drawdowns >> c.drawdown[i]) & 1))) return false;
    if (dailyMin != null && c.dailyDrawdown[i] !== 0 && !(c.dailyDrawdown[i] >= dailyMin)) return false;
    if (maxDrawdownMin != null && !(c.maximumDrawdown[i] >= maxDrawdownMin)) return false;
    if (c.target[i] > targetMax) return false;
    if (splitMin != null && !(c.profitSplit[i] >= splitMin)) return false;
    if (platforms && !platforms.some((p) => rows[i].platforms.has(p))) return false;
    if (country && rows[i].restrictedCountries.has(country)) return false;
    return true;
  };
}

/**
 * The `count` smallest of `keys`, ascending. A page near the start needs a few dozen of what can be
 * tens of thousands of keys: one pass with a bounded max-heap finds them without sorting the rest.
 * Deeper pages sort everything.
 */
export function smallestKeys(keys: Float64Array, count: number): Float64Array {
  if (count * 8 >= keys.length) return keys.sort().subarray(0, count);
  const heap = new Float64Array(count);
  let size = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    let at: number;
    if (size < count) {
      // Sift the new key up from the end.
      at = size++;
      while (at > 0 && heap[(at - 1) >> 1] < key) {
        heap[at] = heap[(at - 1) >> 1];
        at = (at - 1) >> 1;
      }
    } else if (key < heap[0]) {
      // Replace the largest kept key and sift the new one down.
      at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= count) break;
        const larger = left + 1 < count && heap[left + 1] > heap[left] ? left + 1 : left;
        if (heap[larger] <= key) break;
        heap[at] = heap[larger];
        at = larger;
      }
    } else continue;
    heap[at] = key;
  }
  return heap.subarray(0, size).sort();
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
  const matches = challengeMatcher(catalog, query);
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
      const position = positions[i];
      if (!matches(position)) continue;
      if (total >= start && total < end) page.push(withCost(rows[position], assumptions));
      total++;
    }
    return { options: page, total, page: query.page, pageSize: query.pageSize };
  }

  // Rows are held in price-after-coupon order, so ordering by cost and then by position keeps the
  // documented ties. Each key packs the cost in cents and the position into one float, sorted by
  // the engine's native numeric sort: a comparator function made this the slowest part of a request.
  const matched: CatalogRow[] = [];
  const cents: number[] = [];
  const key = query.sort === 'trueCost' ? 'trueCost' : 'costPer1k';
  for (let i = 0; i < rows.length; i++) {
    if (!matches(i)) continue;
    matched.push(rows[i]);
    cents.push(Math.round(computeTrueCost(rows[i].costInput, assumptions)[key] * 100));
  }
  let highest = 0;
  for (const c of cents) if (c > highest) highest = c;
  const direction = order === 'asc' ? 1 : -1;
  let positions: ArrayLike<number>;
  if (highest < MAX_PACKED_CENTS && matched.length < POSITIONS) {
    const keys = new Float64Array(matched.length);
    for (let i = 0; i < matched.length; i++) {
      keys[i] = (order === 'asc' ? cents[i] : highest - cents[i]) * POSITIONS + i;
    }
    positions = smallestKeys(keys, Math.min(end, keys.length)).map((k) => k % POSITIONS);
  } else {
    positions = Array.from(matched, (_, i) => i).sort((i, j) => (cents[i] - cents[j]) * direction || i - j);
  }
  const options: ChallengeOption[] = [];
  for (let k = start; k < Math.min(end, positions.length); k++) {
    options.push(withCost(matched[positions[k]], assumptions));
  }
  return { options, total: matched.length, page: query.page, pageSize: query.pageSize };
}
