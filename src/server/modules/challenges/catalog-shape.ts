import type { ChallengeFilters, DrawdownType } from '../../../domain/challenge-rules';
import type { SlotOrder, StaticSort } from './catalog-order';
import type { CatalogRow } from './catalog-source';

/** The finder's in-memory catalog, as `catalog.ts` builds it and `service.ts` reads it. */

/** Every row's true-cost terms (`trueCostTerms`) for one number of months per attempt, by slot. */
export interface CostColumns {
  base: Float64Array;
  perRetry: Float64Array;
  refund: Float64Array;
}

/** The yes/no properties of a row, as keys of `CatalogSets.flags`. */
export const FLAG = {
  news: 1,
  weekend: 2,
  ea: 4,
  timeLimits: 8,
  refundable: 16,
  hasCoupon: 32,
  cfd: 64,
  futures: 128,
  crypto: 256,
  /** The firm's payout record tier is Medium or High. */
  payoutMedium: 512,
  payoutHigh: 1024,
} as const;
export const FLAG_BITS = Object.values(FLAG);

/**
 * What the finder's range filters read, one typed array per column, by slot: a request's filters
 * run as one loop over numbers. Missing numbers are NaN (every comparison with NaN is false); a
 * missing daily drawdown is 0 (no daily limit).
 */
export interface CatalogColumns {
  capital: Float64Array;
  dailyDrawdown: Float64Array;
  maximumDrawdown: Float64Array;
  target: Float64Array;
  priceAfterCoupon: Float64Array;
  profitSplit: Float64Array;
}

/**
 * Slots, as bits (slot i is bit i % 32 of word i >> 5): the finder's choice and yes/no filters are
 * unions and intersections of these, 32 rows to an operation.
 */
export type RowSet = Uint32Array;

/** The slots of the rows with each value of the finder's choice and yes/no filters. */
export interface CatalogSets {
  capital: Map<number, RowSet>;
  /** 0 for instant funding. */
  steps: Map<number, RowSet>;
  /** By bit of FLAG. */
  flags: Map<number, RowSet>;
  drawdown: Map<DrawdownType, RowSet>;
  /** By platform slug. */
  platform: Map<string, RowSet>;
  /** The rows of firms that restrict a country, by the country in lower case. */
  restricted: Map<string, RowSet>;
}

/** Each choice (a platform slug, a country in lower case) with its spellings, counted by firm. */
export type Tally = Map<string, Map<string, number>>;

/** A listed firm with options: its rows' slots, and what it adds to the filters' choices. */
export interface CatalogFirm {
  slots: number[];
  /** [slug, name] of each platform. */
  platforms: [string, string][];
  /** [lower case, as written] of each restricted country. */
  countries: [string, string][];
}

export interface Catalog {
  /** Each slot's row; undefined where a save freed the slot and no row has taken it since. */
  rows: (CatalogRow | undefined)[];
  /** The slots that hold a row. */
  live: RowSet;
  /** Every slot below this has held a row: what a pass over the rows covers. */
  high: number;
  /** Freed slots below `high`, taken before new ones. */
  free: number[];
  columns: CatalogColumns;
  /**
   * The lowest and highest price after coupon of the live rows in each word of slots (32 slots;
   * none: Infinity and -Infinity): a price cap keeps or drops whole words and tests only the
   * words that straddle it. A full build puts rows into slots in price order, so few do.
   */
  wordPrices: { low: Float64Array; high: Float64Array };
  /** Each row's key in each static order (NaN where it has none), by slot. */
  keys: Record<StaticSort, Float64Array>;
  firmIds: Float64Array;
  accountIds: Float64Array;
  sets: CatalogSets;
  orders: Record<StaticSort, SlotOrder>;
  /** Listed firms with at least one option. */
  firms: Map<number, CatalogFirm>;
  slotOfAccount: Map<number, number>;
  /** The platform and country choices of firms with options, which `filters` lists. */
  choices: { platforms: Tally; countries: Tally };
  /** The choices of the page's platform and country filters. */
  filters: ChallengeFilters;
  /** When each firm's best live coupon expires, in epoch ms (none: no entry). */
  couponExpiry: Map<number, number>;
  /** When the first chosen best coupon expires (the catalog is built again then); Infinity if never. */
  validUntil: number;
  /**
   * Every row's true-cost terms for the months per attempt asked lately: made by the first request
   * that asks (`costColumnsOf`), and kept up to date by each save.
   */
  costColumns: Map<number, CostColumns>;
}
