import {
  type ChallengeOption,
  type ChallengePage,
  type ChallengeQuery,
  computeTrueCost,
  costOfTerms,
  costPer1kOf,
  defaultOrder,
  sortUsesAssumptions,
  type TrueCostAssumptions,
} from '../../../domain/challenge-rules';
import { pageOffset } from '../../../domain/firm-rules';
import { costColumnsOf } from './catalog';
import type { StaticSort } from './catalog-order';
import { type Catalog, FLAG, type RowSet } from './catalog-shape';
import type { CatalogRow } from './catalog-source';

/** Room for a row's place in price order in a packed sort key: exact while cents x 2^21 stay below 2^53. */
const POSITIONS = 2 ** 21;
const MAX_PACKED_CENTS = 2 ** 31;

/**
 * Arrays a request fills and is done with before it returns (requests run one at a time on this
 * thread, and `listChallenges` never waits): made once at the catalog's size instead of a few
 * hundred kilobytes of new arrays per request, which the garbage collector then had to reclaim.
 */
const scratch = { matched: new Int32Array(0), keys: new Float64Array(0), cents: new Float64Array(0) };
function scratchFor(rows: number): typeof scratch {
  if (scratch.matched.length < rows) {
    scratch.matched = new Int32Array(rows);
    scratch.keys = new Float64Array(rows);
    scratch.cents = new Float64Array(rows);
  }
  return scratch;
}

/** Keeps in `into` the rows in any of the sets of `keys` (a key no row has: none). */
function keepAny<K>(into: Uint32Array, sets: Map<K, RowSet>, keys: readonly K[]) {
  const union = new Uint32Array(into.length);
  for (const key of keys) {
    const set = sets.get(key);
    if (set) for (let w = 0; w < union.length; w++) union[w] |= set[w];
  }
  for (let w = 0; w < into.length; w++) into[w] &= union[w];
}

/** Keeps in `into` only the rows in `set` (`keep` true), or only those not in it. */
function keepIf(into: Uint32Array, set: RowSet | undefined, keep: boolean) {
  for (let w = 0; w < into.length; w++) {
    const bits = set ? set[w] : 0;
    into[w] &= keep ? bits : ~bits;
  }
}

/** The query's range filters as one test of a slot, or null when it has none. */
function rangeTest(catalog: Catalog, query: Partial<ChallengeQuery>): ((i: number) => boolean) | null {
  const { sizeMin, sizeMax, dailyDrawdownMin, maxDrawdownMin, targetMax, profitSplitMin } = query;
  if ([sizeMin, sizeMax, dailyDrawdownMin, maxDrawdownMin, targetMax, profitSplitMin].every((v) => v == null))
    return null;
  const c = catalog.columns;
  return (i) =>
    !(sizeMin != null && c.capital[i] < sizeMin) &&
    !(sizeMax != null && c.capital[i] > sizeMax) &&
    // A model without a daily limit passes any minimum.
    !(dailyDrawdownMin != null && c.dailyDrawdown[i] !== 0 && !(c.dailyDrawdown[i] >= dailyDrawdownMin)) &&
    !(maxDrawdownMin != null && !(c.maximumDrawdown[i] >= maxDrawdownMin)) &&
    !(targetMax != null && c.target[i] > targetMax) &&
    !(profitSplitMin != null && !(c.profitSplit[i] >= profitSplitMin));
}

/**
 * Keeps in `into` only the rows at or under `priceMax`: whole words of slots by their lowest and
 * highest price (`Catalog.wordPrices`), each row only in a word that straddles the cap.
 */
function keepUnderPrice(into: Uint32Array, catalog: Catalog, priceMax: number): void {
  const { low, high } = catalog.wordPrices;
  const price = catalog.columns.priceAfterCoupon;
  for (let w = 0; w < into.length; w++) {
    if (high[w] <= priceMax) continue;
    if (low[w] > priceMax) {
      into[w] = 0;
      continue;
    }
    for (let word = into[w]; word !== 0; ) {
      const lowest = word & -word;
      word ^= lowest;
      if (price[(w << 5) + 31 - Math.clz32(lowest)] > priceMax) into[w] &= ~lowest;
    }
  }
}

/**
 * Slots of the rows the query's filters keep, ascending. The price cap and the choice and yes/no
 * filters narrow the catalog's row sets; the range filters then test only the rows left. Repeated
 * values of one filter are any of them; different filters all hold.
 */
function matchingRows(catalog: Catalog, query: Partial<ChallengeQuery>): Int32Array {
  const { sets } = catalog;
  const candidates = catalog.live.slice(0, (catalog.high + 31) >>> 5);
  if (query.priceMax != null) keepUnderPrice(candidates, catalog, query.priceMax);
  if (query.size?.length) keepAny(candidates, sets.capital, query.size);
  if (query.steps?.length) keepAny(candidates, sets.steps, query.steps);
  if (query.asset?.length)
    keepAny(
      candidates,
      sets.flags,
      query.asset.map((asset) => FLAG[asset]),
    );
  if (query.drawdownType?.length) keepAny(candidates, sets.drawdown, query.drawdownType);
  if (query.platform?.length) keepAny(candidates, sets.platform, query.platform);
  const yesNo: [boolean | undefined, number][] = [
    [query.news, FLAG.news],
    [query.weekend, FLAG.weekend],
    [query.ea, FLAG.ea],
    [query.noTimeLimit === undefined ? undefined : !query.noTimeLimit, FLAG.timeLimits],
    [query.refundable, FLAG.refundable],
    [query.hasCoupon, FLAG.hasCoupon],
    [
      query.payoutRecord ? true : undefined,
      query.payoutRecord === 'high' ? FLAG.payoutHigh : FLAG.payoutMedium,
    ],
  ];
  for (const [wanted, flag] of yesNo)
    if (wanted !== undefined) keepIf(candidates, sets.flags.get(flag), wanted);
  const country = query.country?.trim().toLowerCase();
  if (country) keepIf(candidates, sets.restricted.get(country), false);

  const test = rangeTest(catalog, query);
  const matched = scratchFor(catalog.high).matched;
  let total = 0;
  for (let w = 0; w < candidates.length; w++) {
    let word = candidates[w];
    while (word !== 0) {
      const lowest = word & -word;
      const i = (w << 5) + 31 - Math.clz32(lowest);
      word ^= lowest;
      if (!test || test(i)) matched[total++] = i;
    }
  }
  return matched.subarray(0, total);
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
 * One page of account options (GET /api/challenges). The rows the filters keep (`matchingRows`)
 * each get a key that orders it, and only the keys of the page and those before it are sorted. A
 * static order's key is the row's place in an order the catalog keeps; a true-cost key packs the
 * cost this request's pass rate and months per attempt give, in cents, with the row's place in
 * price order, so ties keep the documented order (price after coupon, then id) and the engine's
 * native numeric sort orders them (a comparator function was the slowest part of a request).
 */
export function listChallenges(catalog: Catalog, query: ChallengeQuery): ChallengePage {
  const assumptions = { passRate: query.passRate, monthsPerAttempt: query.monthsPerAttempt };
  const order = query.order ?? defaultOrder(query.sort);
  const start = pageOffset(query.page, query.pageSize);
  const end = start + query.pageSize;
  const { rows } = catalog;

  const matched = matchingRows(catalog, query);
  const total = matched.length;
  const wanted = Math.min(end, total);
  let positions: ArrayLike<number>;
  if (!sortUsesAssumptions(query.sort)) {
    const sorted = catalog.orders[query.sort as StaticSort];
    const rank = sorted.ranks(order);
    const keys = scratch.keys.subarray(0, total);
    for (let k = 0; k < total; k++) keys[k] = rank[matched[k]];
    const inOrder = sorted[order];
    positions = Array.from(smallestKeys(keys, wanted), (r) => inOrder[r]);
  } else {
    const perThousand = query.sort === 'costPer1k';
    const { base, perRetry, refund } = costColumnsOf(catalog, query.monthsPerAttempt);
    const { capital } = catalog.columns;
    const cents = scratch.cents.subarray(0, total);
    let highest = 0;
    for (let k = 0; k < total; k++) {
      const i = matched[k];
      const cost = costOfTerms(base[i], perRetry[i], refund[i], query.passRate);
      cents[k] = Math.round((perThousand ? costPer1kOf(cost, capital[i]) : cost) * 100);
      if (cents[k] > highest) highest = cents[k];
    }
    const byPrice = catalog.orders.price;
    const priceRank = byPrice.ranks('asc');
    if (highest < MAX_PACKED_CENTS && byPrice.asc.length < POSITIONS) {
      const keys = scratch.keys.subarray(0, total);
      for (let k = 0; k < total; k++) {
        keys[k] = (order === 'asc' ? cents[k] : highest - cents[k]) * POSITIONS + priceRank[matched[k]];
      }
      const inPriceOrder = byPrice.asc;
      positions = Array.from(smallestKeys(keys, wanted), (key) => inPriceOrder[key % POSITIONS]);
    } else {
      const direction = order === 'asc' ? 1 : -1;
      positions = Array.from(matched, (_, k) => k)
        .sort((a, b) => (cents[a] - cents[b]) * direction || priceRank[matched[a]] - priceRank[matched[b]])
        .map((k) => matched[k]);
    }
  }
  const options: ChallengeOption[] = [];
  for (let k = start; k < wanted; k++) options.push(withCost(rows[positions[k]] as CatalogRow, assumptions));
  return { options, total, page: query.page, pageSize: query.pageSize };
}
