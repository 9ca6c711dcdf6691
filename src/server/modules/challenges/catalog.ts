import { platformSlug, trueCostTerms } from '../../../domain/challenge-rules';
import { meetsPayoutTier } from '../../../domain/payout-rules';
import type { Db } from '../../db/client';
import type { ChangeEvent } from '../../lib/events';
import { ReadModel } from '../../lib/read-model';
import { SlotOrder, type StaticSort } from './catalog-order';
import {
  type Catalog,
  type CatalogColumns,
  type CostColumns,
  FLAG,
  FLAG_BITS,
  type RowSet,
  type Tally,
} from './catalog-shape';
import { type CatalogRow, type CatalogSource, readCatalogSource, rowsOf } from './catalog-source';

/**
 * Every account option of every listed firm, held in memory with what the finder filters and sorts
 * on (decision 0023): filtering tens of thousands of options in a loop takes a few milliseconds,
 * where PGlite, single-threaded, would run one SQL query per request over the same join.
 *
 * Each row has a slot that it keeps while it lives: typed arrays by slot hold what the range
 * filters and the sorts read, bit sets of slots what the choice filters read, and each static order
 * lists slots. An admin's save of a firm frees its rows' slots and puts its new rows into free ones,
 * in place: only those slots' values change, and each order drops and inserts only them (decision
 * 0063), where a copy of every array cost the requests of the moment their garbage collection.
 */

const SORT_KEYS: Record<StaticSort, (row: CatalogRow) => number | null> = {
  price: (row) => row.priceAfterCoupon,
  size: (row) => row.capital,
  profitSplit: (row) => row.profitSplit,
  rating: (row) => row.trustWeight,
  payoutDays: (row) => row.payoutDays,
  priceDrop: (row) => row.latestDrop,
};
const STATIC_SORTS = Object.keys(SORT_KEYS) as StaticSort[];
const COLUMNS: (keyof CatalogColumns)[] = [
  'capital',
  'dailyDrawdown',
  'maximumDrawdown',
  'target',
  'priceAfterCoupon',
  'profitSplit',
];

const wordsFor = (slots: number) => (slots + 31) >>> 5;
const capacityOf = (catalog: Catalog) => catalog.firmIds.length;
const orNaN = (v: number | null) => (v == null ? Number.NaN : v);

function emptyCatalog(capacity: number): Catalog {
  const numbers = () => new Float64Array(capacity);
  const keys = {} as Record<StaticSort, Float64Array>;
  for (const sort of STATIC_SORTS) keys[sort] = numbers();
  const columns = {} as CatalogColumns;
  for (const column of COLUMNS) columns[column] = numbers();
  const catalog: Catalog = {
    rows: [],
    live: new Uint32Array(wordsFor(capacity)),
    wordPrices: {
      low: new Float64Array(wordsFor(capacity)).fill(Number.POSITIVE_INFINITY),
      high: new Float64Array(wordsFor(capacity)).fill(Number.NEGATIVE_INFINITY),
    },
    high: 0,
    free: [],
    columns,
    keys,
    firmIds: numbers(),
    accountIds: numbers(),
    sets: {
      capital: new Map(),
      steps: new Map(),
      flags: new Map(),
      drawdown: new Map(),
      platform: new Map(),
      restricted: new Map(),
    },
    orders: {} as Catalog['orders'],
    firms: new Map(),
    slotOfAccount: new Map(),
    choices: { platforms: new Map(), countries: new Map() },
    filters: { platforms: [], countries: [] },
    couponExpiry: new Map(),
    validUntil: Number.POSITIVE_INFINITY,
    costColumns: new Map(),
  };
  for (const sort of STATIC_SORTS) catalog.orders[sort] = new SlotOrder(catalog, sort);
  return catalog;
}

/** Room for a few more rows than it holds, so most saves that add an option take no new arrays. */
const roomFor = (rows: number) => rows + Math.max(64, rows >>> 4);

/**
 * Lets waiting requests run between the stages of a full build over many rows: each pass over the
 * rows takes a few milliseconds at 50,000 options, the whole build tens (decision 0055). A save's
 * merge (`mergeCatalogFirms`) does not yield: it touches only the saved firms' slots.
 */
const yieldToRequests = (rows: number) =>
  rows < 10_000 ? Promise.resolve() : new Promise<void>((resolve) => setImmediate(resolve));

/** Reads every option of listed firms, their firms' platforms and best live coupons, and indexes them. */
export async function loadCatalog(db: Db, now = Date.now()): Promise<Catalog> {
  const source = await readCatalogSource(db, undefined, now);
  const rows = rowsOf(source);
  const catalog = emptyCatalog(roomFor(rows.length));
  // In price order: neighbouring slots are read together by the cheapest pages.
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % 10_000 === 0) await yieldToRequests(rows.length);
    placeRow(catalog, rows[i]);
  }
  describeFirms(catalog, source);
  for (const sort of STATIC_SORTS) {
    await yieldToRequests(rows.length);
    catalog.orders[sort].sortAll();
  }
  return settle(catalog, source, now);
}

/**
 * Puts the rows of the firms `firmIds`, read again in `fresh` (a firm no longer listed has none),
 * into the catalog in place of their old ones (decision 0063): their old slots are freed, their
 * new rows take free slots, and each order gives up the old slots and takes the new ones. The result
 * equals a full build of the same data, but for which slot holds which row (catalog-patch.test.ts).
 */
export function mergeCatalogFirms(
  catalog: Catalog,
  firmIds: readonly number[],
  fresh: CatalogSource,
  now: number,
): Catalog {
  // Out of the orders while their rows' keys are still there to find them by.
  const freed = firmIds.flatMap((id) => catalog.firms.get(id)?.slots ?? []);
  for (const sort of STATIC_SORTS) catalog.orders[sort].remove(freed);
  for (const id of firmIds) removeFirm(catalog, id);
  const added = rowsOf(fresh);
  const room = catalog.free.length + capacityOf(catalog) - catalog.high;
  if (added.length > room) grow(catalog, roomFor(catalog.high + added.length - catalog.free.length));
  const slots = Int32Array.from(added, (row) => placeRow(catalog, row));
  describeFirms(catalog, fresh);
  for (const sort of STATIC_SORTS) catalog.orders[sort].insert(slots);
  for (const id of firmIds) catalog.couponExpiry.delete(id);
  return settle(catalog, fresh, now);
}

/** The catalog with the firms `firmIds` read again (a firm saved in the admin, say). */
export async function refreshCatalogFirms(db: Db, catalog: Catalog, firmIds: number[], now = Date.now()) {
  return mergeCatalogFirms(catalog, firmIds, await readCatalogSource(db, firmIds, now), now);
}

/** Puts `row` into a free slot (a new one when none is free); returns the slot. */
function placeRow(catalog: Catalog, row: CatalogRow): number {
  const slot = catalog.free.pop() ?? catalog.high++;
  catalog.rows[slot] = row;
  const { columns, keys } = catalog;
  columns.capital[slot] = row.capital;
  columns.dailyDrawdown[slot] = row.dailyDrawdown ?? 0;
  columns.maximumDrawdown[slot] = orNaN(row.maximumDrawdown);
  columns.target[slot] = row.target;
  columns.priceAfterCoupon[slot] = row.priceAfterCoupon;
  columns.profitSplit[slot] = orNaN(row.profitSplit);
  for (const sort of STATIC_SORTS) keys[sort][slot] = orNaN(SORT_KEYS[sort](row));
  const firmId = row.option.firm.id;
  catalog.firmIds[slot] = firmId;
  catalog.accountIds[slot] = row.option.account.id;
  catalog.slotOfAccount.set(row.option.account.id, slot);
  catalog.live[slot >>> 5] |= 1 << (slot & 31);
  const { low, high } = catalog.wordPrices;
  low[slot >>> 5] = Math.min(low[slot >>> 5], row.priceAfterCoupon);
  high[slot >>> 5] = Math.max(high[slot >>> 5], row.priceAfterCoupon);
  markSets(catalog, row, slot, true);
  for (const [months, columns] of catalog.costColumns) writeCostTerms(columns, row, slot, months);
  const firm = catalog.firms.get(firmId);
  if (firm) firm.slots.push(slot);
  else catalog.firms.set(firmId, { slots: [slot], platforms: [], countries: [] });
  return slot;
}

/** Frees the slots of a firm's rows and takes back what it added to the filters' choices. */
function removeFirm(catalog: Catalog, firmId: number): void {
  const firm = catalog.firms.get(firmId);
  if (!firm) return;
  for (const slot of firm.slots) {
    markSets(catalog, catalog.rows[slot] as CatalogRow, slot, false);
    catalog.live[slot >>> 5] &= ~(1 << (slot & 31));
    catalog.rows[slot] = undefined;
    catalog.slotOfAccount.delete(catalog.accountIds[slot]);
    catalog.firmIds[slot] = Number.NaN;
    catalog.accountIds[slot] = Number.NaN;
    catalog.free.push(slot);
  }
  for (const word of new Set(firm.slots.map((slot) => slot >>> 5))) measureWordPrices(catalog, word);
  for (const [slug, name] of firm.platforms) count(catalog.choices.platforms, slug, name, -1);
  for (const [key, name] of firm.countries) count(catalog.choices.countries, key, name, -1);
  catalog.firms.delete(firmId);
}

/** The lowest and highest price of a word's live slots, measured again (a row left it). */
function measureWordPrices(catalog: Catalog, word: number): void {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  const bits = catalog.live[word];
  for (let bit = 0; bit < 32; bit++) {
    if (!(bits & (1 << bit))) continue;
    const price = catalog.columns.priceAfterCoupon[(word << 5) + bit];
    low = Math.min(low, price);
    high = Math.max(high, price);
  }
  catalog.wordPrices.low[word] = low;
  catalog.wordPrices.high[word] = high;
}

/** Records the platforms and restricted countries of each firm of `source` that has options. */
function describeFirms(catalog: Catalog, source: CatalogSource): void {
  const platformsOf = new Map<number, [string, string][]>();
  for (const { firmId, name } of source.platformRows) {
    const list = platformsOf.get(firmId) ?? [];
    list.push([platformSlug(name), name]);
    platformsOf.set(firmId, list);
  }
  for (const f of source.firmRows) {
    const firm = catalog.firms.get(f.id);
    if (!firm) continue;
    firm.platforms = platformsOf.get(f.id) ?? [];
    const countries = new Map<string, string>();
    for (const c of f.restrictedCountries) {
      const name = c.trim();
      if (name && !countries.has(name.toLowerCase())) countries.set(name.toLowerCase(), name);
    }
    firm.countries = [...countries];
    for (const [slug, name] of firm.platforms) count(catalog.choices.platforms, slug, name, 1);
    for (const [key, name] of firm.countries) count(catalog.choices.countries, key, name, 1);
  }
}

/** Adds `by` firms to the spelling `label` of the choice `key`. */
function count(tally: Tally, key: string, label: string, by: 1 | -1): void {
  const labels = tally.get(key) ?? new Map<string, number>();
  const n = (labels.get(label) ?? 0) + by;
  if (n > 0) labels.set(label, n);
  else labels.delete(label);
  if (labels.size > 0) tally.set(key, labels);
  else tally.delete(key);
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** The spelling most firms use (ties: the first by name). */
function spellingOf(labels: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [label, n] of labels)
    if (n > most || (n === most && byName(label, best) < 0)) [best, most] = [label, n];
  return best;
}

/** Takes the best coupons' expiry from `source`, then the filters' choices and `validUntil` from the whole. */
function settle(catalog: Catalog, source: CatalogSource, now: number): Catalog {
  for (const c of source.couponRows)
    if (c.firmId != null && c.expiryDate) catalog.couponExpiry.set(c.firmId, c.expiryDate.getTime());
  let validUntil = Number.POSITIVE_INFINITY;
  for (const at of catalog.couponExpiry.values()) validUntil = Math.min(validUntil, at);
  catalog.validUntil = validUntil > now ? validUntil : now;
  const { platforms, countries } = catalog.choices;
  catalog.filters = {
    platforms: Array.from(platforms, ([slug, names]) => ({ slug, name: spellingOf(names) })).sort((a, b) =>
      byName(a.name, b.name),
    ),
    countries: Array.from(countries.values(), spellingOf).sort(byName),
  };
  return catalog;
}

/** Room for `capacity` slots in every array (a save added more rows than there were free slots). */
function grow(catalog: Catalog, capacity: number): void {
  const wider = <T extends Float64Array | Uint32Array>(from: T, length: number): T => {
    const to = new (from.constructor as new (n: number) => T)(length);
    to.set(from);
    return to;
  };
  for (const column of COLUMNS) catalog.columns[column] = wider(catalog.columns[column], capacity);
  for (const sort of STATIC_SORTS) catalog.keys[sort] = wider(catalog.keys[sort], capacity);
  catalog.firmIds = wider(catalog.firmIds, capacity);
  catalog.accountIds = wider(catalog.accountIds, capacity);
  const words = wordsFor(capacity);
  const widerPrices = (from: Float64Array, none: number) => {
    const to = new Float64Array(words).fill(none);
    to.set(from);
    return to;
  };
  const { low, high } = catalog.wordPrices;
  catalog.wordPrices = {
    low: widerPrices(low, Number.POSITIVE_INFINITY),
    high: widerPrices(high, Number.NEGATIVE_INFINITY),
  };
  catalog.live = wider(catalog.live, words);
  for (const sets of Object.values(catalog.sets) as Map<unknown, RowSet>[])
    for (const [key, set] of sets) sets.set(key, wider(set, words));
  for (const columns of catalog.costColumns.values()) {
    columns.base = wider(columns.base, capacity);
    columns.perRetry = wider(columns.perRetry, capacity);
    columns.refund = wider(columns.refund, capacity);
  }
}

function writeCostTerms(columns: CostColumns, row: CatalogRow, slot: number, monthsPerAttempt: number) {
  const terms = trueCostTerms(row.costInput, monthsPerAttempt);
  columns.base[slot] = terms.base;
  columns.perRetry[slot] = terms.perRetry;
  columns.refund[slot] = terms.refund;
}

/** Months-per-attempt values whose cost columns a catalog keeps, the most recently asked. */
const COST_COLUMNS_KEPT = 4;

/** The catalog's true-cost terms for `monthsPerAttempt`, made on first ask and kept with it. */
export function costColumnsOf(catalog: Catalog, monthsPerAttempt: number): CostColumns {
  const kept = catalog.costColumns;
  let columns = kept.get(monthsPerAttempt);
  if (columns) {
    kept.delete(monthsPerAttempt); // to the end: the most recently asked
  } else {
    const capacity = capacityOf(catalog);
    columns = {
      base: new Float64Array(capacity),
      perRetry: new Float64Array(capacity),
      refund: new Float64Array(capacity),
    };
    for (let slot = 0; slot < catalog.high; slot++) {
      const row = catalog.rows[slot];
      if (row) writeCostTerms(columns, row, slot, monthsPerAttempt);
    }
    if (kept.size >= COST_COLUMNS_KEPT) kept.delete(kept.keys().next().value as number);
  }
  kept.set(monthsPerAttempt, columns);
  return columns;
}

/** The rows of the named firms (all rows when none are named), as the catalog holds them now. */
export function catalogRows(catalog: Catalog, firmIds?: Iterable<number>): CatalogRow[] {
  if (firmIds) {
    const rows: CatalogRow[] = [];
    for (const id of firmIds)
      for (const slot of catalog.firms.get(id)?.slots ?? []) rows.push(catalog.rows[slot] as CatalogRow);
    return rows;
  }
  return catalog.rows.filter((row): row is CatalogRow => row !== undefined);
}

/** The row of an account, when its firm is listed. */
export function catalogRowOf(catalog: Catalog, accountId: number): CatalogRow | undefined {
  const slot = catalog.slotOfAccount.get(accountId);
  return slot === undefined ? undefined : catalog.rows[slot];
}

const flagsOf = (row: CatalogRow) =>
  (row.news ? FLAG.news : 0) |
  (row.weekend ? FLAG.weekend : 0) |
  (row.ea ? FLAG.ea : 0) |
  (row.timeLimits ? FLAG.timeLimits : 0) |
  (row.refundable ? FLAG.refundable : 0) |
  (row.hasCoupon ? FLAG.hasCoupon : 0) |
  (row.assets.has('cfd') ? FLAG.cfd : 0) |
  (row.assets.has('futures') ? FLAG.futures : 0) |
  (row.assets.has('crypto') ? FLAG.crypto : 0) |
  (meetsPayoutTier(row.option.firm.payoutTier, 'medium') ? FLAG.payoutMedium : 0) |
  (meetsPayoutTier(row.option.firm.payoutTier, 'high') ? FLAG.payoutHigh : 0);

/** Sets (`on`) or clears the bit of `slot` in each set `row` belongs to. */
function markSets(catalog: Catalog, row: CatalogRow, slot: number, on: boolean): void {
  const word = slot >>> 5;
  const bit = 1 << (slot & 31);
  const mark = <K>(map: Map<K, RowSet>, key: K) => {
    let set = map.get(key);
    if (!set) {
      if (!on) return;
      set = new Uint32Array(catalog.live.length);
      map.set(key, set);
    }
    if (on) set[word] |= bit;
    else set[word] &= ~bit;
  };
  const { sets } = catalog;
  mark(sets.capital, row.capital);
  mark(sets.steps, row.steps);
  const flags = flagsOf(row);
  for (const flag of FLAG_BITS) if (flags & flag) mark(sets.flags, flag);
  if (row.drawdownType) mark(sets.drawdown, row.drawdownType);
  for (const platform of row.platforms) mark(sets.platform, platform);
  for (const country of row.restrictedCountries) mark(sets.restricted, country);
}

/**
 * Whether a change alters the catalog: firms (their models and accounts), platforms, coupons and
 * decided payout reports (a firm's tier and median days); not a coupon's uses or votes
 * (`coupon.counted`), which visitors make all day.
 */
export const altersCatalog = (event: ChangeEvent) =>
  /^(firm|platform|coupon|payout)\.(created|updated|deleted)$/.test(event.type);

/**
 * The catalog, built on first use and again after a change of platforms or coupons (from this
 * process or another) or when a best coupon expires; a firm's change re-reads only that firm and
 * merges it in place.
 */
export const createCatalogStore = (db: Db) =>
  new ReadModel<Catalog>({
    affects: (event) =>
      !altersCatalog(event)
        ? 'none'
        : event.type.startsWith('firm.') && typeof event.id === 'number'
          ? { ids: [event.id] }
          : event.type.startsWith('payout.') && event.firmId !== undefined
            ? { ids: [event.firmId] }
            : 'all',
    load: (now) => loadCatalog(db, now),
    refresh: async (firmIds, now) => {
      const fresh = await readCatalogSource(db, firmIds, now);
      return (catalog) => mergeCatalogFirms(catalog, firmIds, fresh, now);
    },
    validUntil: (catalog) => catalog.validUntil,
  });
export type CatalogStore = ReturnType<typeof createCatalogStore>;
