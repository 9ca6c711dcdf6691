import type { Catalog, CostColumns, RowSet } from '../../src/server/modules/challenges/catalog-shape';

/**
 * What a request can read of a catalog, by account id rather than by slot (a merge puts rows into
 * other slots than a full build does): the options in price order, each order both ways, each
 * slot's rank in them, the row sets, columns, keys and cost columns, the filters' choices and expiry.
 */
export function catalogView(c: Catalog, costColumns?: CostColumns) {
  const account = (slot: number) => c.accountIds[slot];
  const byPrice = Array.from(c.orders.price.asc);
  const perRow = (values: Float64Array) => byPrice.map((slot) => values[slot]);
  const slotsOf = (set: RowSet) => {
    const accounts: number[] = [];
    for (let slot = 0; slot < c.high; slot++)
      if (set[slot >>> 5] & (1 << (slot & 31))) accounts.push(account(slot));
    return accounts.sort((a, b) => a - b);
  };
  const family = <K>(sets: Map<K, RowSet>) =>
    [...sets]
      .map(([key, set]) => [String(key), slotsOf(set)] as const)
      .filter(([, accounts]) => accounts.length > 0)
      .sort(([a], [b]) => a.localeCompare(b));
  const orders = Object.entries(c.orders).map(([sort, order]) => ({
    sort,
    asc: Array.from(order.asc, account),
    desc: Array.from(order.desc, account),
    // Each slot's place agrees with its order.
    ranked: (['asc', 'desc'] as const).every((direction) =>
      Array.from(order[direction]).every((slot, place) => order.ranks(direction)[slot] === place),
    ),
  }));
  // Each word's lowest and highest price are those of its live slots.
  const wordPrices = Array.from(c.wordPrices.low.subarray(0, (c.high + 31) >>> 5), (low, word) => {
    const prices: number[] = [];
    for (let slot = word << 5; slot < Math.min(c.high, (word + 1) << 5); slot++)
      if (c.live[word] & (1 << (slot & 31))) prices.push(c.columns.priceAfterCoupon[slot]);
    return low === Math.min(...prices) && c.wordPrices.high[word] === Math.max(...prices);
  });
  return {
    wordPrices: wordPrices.every(Boolean),
    options: byPrice.map((slot) => c.rows[slot]?.option),
    rows: c.rows.filter((row) => row !== undefined).length,
    live: slotsOf(c.live).length,
    orders,
    sets: Object.fromEntries(Object.entries(c.sets).map(([name, sets]) => [name, family(sets)])),
    columns: Object.fromEntries(Object.entries(c.columns).map(([name, values]) => [name, perRow(values)])),
    keys: Object.fromEntries(Object.entries(c.keys).map(([name, values]) => [name, perRow(values)])),
    accounts: byPrice.map((slot) => c.slotOfAccount.get(account(slot)) === slot),
    firms: [...c.firms.keys()].sort((a, b) => a - b),
    cost: costColumns && {
      base: perRow(costColumns.base),
      perRetry: perRow(costColumns.perRetry),
      refund: perRow(costColumns.refund),
    },
    filters: c.filters,
    validUntil: c.validUntil,
  };
}
