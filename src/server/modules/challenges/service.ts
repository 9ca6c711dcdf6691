import {
  type ChallengeOption,
  type ChallengePage,
  type ChallengeQuery,
  computeTrueCost,
  costPer1kOf,
  DRAWDOWN_TYPES,
  defaultOrder,
  sortUsesAssumptions,
  type TrueCostAssumptions,
  trueCostOf,
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
 * How many rows a price cap lets through: rows are held in price-after-coupon order, so they are a
 * prefix, found by binary search.
 */
function rowsUnderPrice(prices: Float64Array, priceMax: number | undefined): number {
  if (priceMax == null) return prices.length;
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle] <= priceMax) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One page of account options (GET /api/challenges). The rows under the price cap are filtered in
 * one pass; each match gets a key that orders it, and only the keys of the page and those before it
 * are sorted. A static order's key is the row's place in an order prepared when the catalog was
 * built; a true-cost key packs the cost this request's pass rate and months per attempt give, in
 * cents, with the row's position, so ties keep the documented order (price after coupon, then id)
 * and the engine's native numeric sort orders them (a comparator function was the slowest part of
 * a request).
 */
export function listChallenges(catalog: Catalog, query: ChallengeQuery): ChallengePage {
  const matches = challengeMatcher(catalog, query);
  const assumptions = { passRate: query.passRate, monthsPerAttempt: query.monthsPerAttempt };
  const order = query.order ?? defaultOrder(query.sort);
  const start = pageOffset(query.page, query.pageSize);
  const end = start + query.pageSize;
  const { rows } = catalog;

  const bound = rowsUnderPrice(catalog.columns.priceAfterCoupon, query.priceMax);
  const matched = new Int32Array(bound);
  let total = 0;
  for (let i = 0; i < bound; i++) if (matches(i)) matched[total++] = i;

  const wanted = Math.min(end, total);
  let positions: ArrayLike<number>;
  if (!sortUsesAssumptions(query.sort)) {
    const rank = catalog.ranks[query.sort as StaticSort][order];
    const keys = new Float64Array(total);
    for (let k = 0; k < total; k++) keys[k] = rank[matched[k]];
    const inOrder = catalog.orders[query.sort as StaticSort][order];
    positions = Array.from(smallestKeys(keys, wanted), (r) => inOrder[r]);
  } else {
    const perThousand = query.sort === 'costPer1k';
    const cents = new Float64Array(total);
    let highest = 0;
    for (let k = 0; k < total; k++) {
      const input = rows[matched[k]].costInput;
      const cost = trueCostOf(input, assumptions);
      cents[k] = Math.round((perThousand ? costPer1kOf(cost, input.capital) : cost) * 100);
      if (cents[k] > highest) highest = cents[k];
    }
    if (highest < MAX_PACKED_CENTS && rows.length < POSITIONS) {
      const keys = new Float64Array(total);
      for (let k = 0; k < total; k++) {
        keys[k] = (order === 'asc' ? cents[k] : highest - cents[k]) * POSITIONS + matched[k];
      }
      positions = Array.from(smallestKeys(keys, wanted), (key) => key % POSITIONS);
    } else {
      const direction = order === 'asc' ? 1 : -1;
      positions = Array.from(matched.subarray(0, total), (_, k) => k)
        .sort((a, b) => (cents[a] - cents[b]) * direction || a - b)
        .map((k) => matched[k]);
    }
  }
  const options: ChallengeOption[] = [];
  for (let k = start; k < wanted; k++) options.push(withCost(rows[positions[k]], assumptions));
  return { options, total, page: query.page, pageSize: query.pageSize };
}
