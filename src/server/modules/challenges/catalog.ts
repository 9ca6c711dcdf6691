import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type ChallengeAsset,
  type ChallengeFilters,
  type ChallengeOption,
  countSteps,
  type DrawdownType,
  isNewsTradingAllowed,
  matchesAsset,
  platformSlug,
  roundCents,
  type TrueCostOption,
  trueCostInput,
  trueCostTerms,
} from '../../../domain/challenge-rules';
import { trustRatingWeight } from '../../../domain/firm-rules';
import { meetsPayoutTier, type PayoutTier } from '../../../domain/payout-rules';
import type { Db } from '../../db/client';
import {
  coupons,
  firmAccounts,
  firmPayoutRecords,
  firmPlatforms,
  fundingModels,
  platforms,
  propFirms,
} from '../../db/schema';
import type { ChangeEvent } from '../../lib/events';
import { ReadModel } from '../../lib/read-model';
import { isCouponLive, LISTED } from '../firms/service';
import { listPriceSignals } from '../price-history/service';

/**
 * Every account option of every listed firm, held in memory with what the finder filters and sorts
 * on (decision 0023): filtering tens of thousands of options in a loop takes a few milliseconds,
 * where PGlite, single-threaded, would run one SQL query per request over the same join.
 */

/** One option as the API answers it, before the true cost (which depends on the request). */
export type CatalogOption = Omit<ChallengeOption, 'trueCost' | 'costPer1k'>;

export interface CatalogRow {
  option: CatalogOption;
  /** What the true cost is computed from, built once. */
  costInput: TrueCostOption;
  capital: number;
  steps: number;
  assets: ReadonlySet<ChallengeAsset>;
  drawdownType: DrawdownType | null;
  dailyDrawdown: number | null;
  maximumDrawdown: number | null;
  /** Phase-1 target; 0 for instant funding. */
  target: number;
  profitSplit: number | null;
  priceAfterCoupon: number;
  platforms: ReadonlySet<string>;
  /** Lower case. */
  restrictedCountries: ReadonlySet<string>;
  news: boolean;
  weekend: boolean;
  ea: boolean;
  timeLimits: boolean;
  refundable: boolean;
  hasCoupon: boolean;
  trustWeight: number;
  /** The firm's median days from payout request to receipt; null without a payout record. */
  payoutDays: number | null;
  /** The latest fall of the price after coupon within 90 days; null when none. */
  latestDrop: number | null;
}

/** Every row's true-cost terms (`trueCostTerms`) for one number of months per attempt, by position. */
export interface CostColumns {
  base: Float64Array;
  perRetry: Float64Array;
}

export type StaticSort = 'price' | 'size' | 'profitSplit' | 'rating' | 'payoutDays' | 'priceDrop';

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
const FLAG_BITS = Object.values(FLAG);

/**
 * What the finder's range filters read, one typed array per column, by row position: a request's
 * filters run as one loop over numbers. Missing numbers are NaN (every comparison with NaN is
 * false); a missing daily drawdown is 0 (no daily limit).
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
 * Rows, as bits (row position i is bit i % 32 of word i >> 5): the finder's choice and yes/no
 * filters are unions and intersections of these, 32 rows to an operation.
 */
export type RowSet = Uint32Array;

/** The rows with each value of the finder's choice and yes/no filters. */
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

export interface Catalog {
  rows: CatalogRow[];
  columns: CatalogColumns;
  sets: CatalogSets;
  /** Row positions in each static order, ascending and descending (ties: price after coupon, then id). */
  orders: Record<StaticSort, { asc: Int32Array; desc: Int32Array }>;
  /** The inverse of `orders`: each row's place in each order. */
  ranks: Record<StaticSort, { asc: Int32Array; desc: Int32Array }>;
  /** When the first chosen best coupon expires (the catalog is rebuilt then); Infinity if never. */
  validUntil: number;
  /** The choices of the page's platform and country filters, from listed firms with options. */
  filters: ChallengeFilters;
  /**
   * What a merge reads instead of the row objects (a pass over 50,000 objects costs far more than
   * one over a typed array): each row's key in each static order (NaN where it has none), and its
   * firm and account ids, by position.
   */
  keys: Record<StaticSort, Float64Array>;
  firmIds: Float64Array;
  accountIds: Float64Array;
  /** Listed firms with at least one option. */
  firmsWithOptions: ReadonlySet<number>;
  /**
   * Every row's true-cost terms for the months per attempt asked lately, by position: made by the
   * first request that asks (`costColumnsOf`), and carried over by a merge.
   */
  costColumns: Map<number, CostColumns>;
  /** The firm-level rows it was built from that the filters and expiry need after a build. */
  source: KeptSource;
}

const ASSETS: ChallengeAsset[] = ['cfd', 'futures', 'crypto'];
const NO_PRICE_SIGNAL = { latestDrop: null, droppedAt: null, lowestIn90Days: false } as const;

const num = (v: unknown) => (v == null ? null : Number(v));

/**
 * What the catalog is built from: listed firms, their models and accounts, platforms and best live
 * coupons; of every firm, or only of the firms named (a change of a few firms re-reads only them).
 */
async function readCatalogSource(db: Db, onlyFirms?: number[], now = Date.now()) {
  const of = (column: AnyPgColumn) => (onlyFirms ? inArray(column, onlyFirms) : undefined);
  // Firms, models and accounts apart, joined here: one joined query carried every firm and model
  // column (the restricted countries array above all) on each of ~50,000 rows, and reading those
  // rows was most of the build (decision 0023).
  const [firmRows, modelRows, accountRows, platformRows, couponRows, payoutRows, priceSignals] =
    await Promise.all([
      db
        .select({
          id: propFirms.id,
          slug: propFirms.slug,
          name: propFirms.name,
          logo: propFirms.logo,
          assetType: propFirms.assetType,
          trustRating: propFirms.trustRating,
          cashbackProvided: propFirms.cashbackProvided,
          cashbackPercentage: propFirms.cashbackPercentage,
          restrictedCountries: propFirms.restrictedCountries,
        })
        .from(propFirms)
        .where(and(eq(propFirms.status, LISTED), of(propFirms.id))),
      db
        .select({
          id: fundingModels.id,
          name: fundingModels.name,
          assetType: fundingModels.assetType,
          drawdownType: fundingModels.drawdownType,
          dailyDrawdown: fundingModels.dailyDrawdown,
          maximumDrawdown: fundingModels.maximumDrawdown,
          profitTargetPhase1: fundingModels.profitTargetPhase1,
          profitTargetPhase2: fundingModels.profitTargetPhase2,
          profitTargetPhase3: fundingModels.profitTargetPhase3,
          profitSplit: fundingModels.profitSplit,
          timeLimits: fundingModels.timeLimits,
          newsTrading: fundingModels.newsTrading,
          weekendHolding: fundingModels.weekendHolding,
          eaAllowed: fundingModels.eaAllowed,
          feeRefundable: fundingModels.feeRefundable,
        })
        .from(fundingModels)
        .where(of(fundingModels.propFirmId)),
      db
        .select({
          id: firmAccounts.id,
          modelId: firmAccounts.fundingModelId,
          firmId: firmAccounts.propFirmId,
          capital: firmAccounts.capital,
          price: firmAccounts.price,
          pricingType: firmAccounts.pricingType,
          activationFee: firmAccounts.activationFee,
          resetPrice: firmAccounts.resetPrice,
        })
        .from(firmAccounts)
        .where(of(firmAccounts.propFirmId)),
      db
        .select({ firmId: firmPlatforms.propFirmId, name: platforms.name })
        .from(firmPlatforms)
        .innerJoin(platforms, eq(platforms.id, firmPlatforms.platformId))
        .where(of(firmPlatforms.propFirmId)),
      db
        .selectDistinctOn([coupons.propFirmId], {
          firmId: coupons.propFirmId,
          id: coupons.id,
          code: coupons.code,
          discountPercent: coupons.discountPercent,
          expiryDate: coupons.expiryDate,
        })
        .from(coupons)
        .where(and(isCouponLive, sql`${coupons.propFirmId} is not null`, of(coupons.propFirmId)))
        .orderBy(coupons.propFirmId, sql`${coupons.discountPercent} desc nulls last`, asc(coupons.id)),
      db
        .select({
          firmId: firmPayoutRecords.propFirmId,
          tier: firmPayoutRecords.tier,
          medianDays: firmPayoutRecords.medianDays,
        })
        .from(firmPayoutRecords)
        .where(of(firmPayoutRecords.propFirmId)),
      listPriceSignals(db, new Date(now), onlyFirms),
    ]);
  return { firmRows, modelRows, accountRows, platformRows, couponRows, payoutRows, priceSignals };
}

type CatalogSource = Awaited<ReturnType<typeof readCatalogSource>>;

/** The part of a source a built catalog keeps: its firms, their platforms and best coupons. */
type KeptSource = Pick<CatalogSource, 'firmRows' | 'platformRows' | 'couponRows'>;

/** The kept source with the named firms' rows replaced by theirs in `fresh` (a firm no longer listed drops out). */
function replaceFirms(source: KeptSource, firmIds: number[], fresh: CatalogSource): KeptSource {
  const changed = new Set(firmIds);
  return {
    firmRows: [...source.firmRows.filter((f) => !changed.has(f.id)), ...fresh.firmRows],
    platformRows: [...source.platformRows.filter((p) => !changed.has(p.firmId)), ...fresh.platformRows],
    couponRows: [
      ...source.couponRows.filter((c) => c.firmId == null || !changed.has(c.firmId)),
      ...fresh.couponRows,
    ],
  };
}

/** Reads every option of listed firms, their firms' platforms and best live coupons, and indexes them. */
export async function loadCatalog(db: Db, now = Date.now()): Promise<Catalog> {
  return buildCatalog(await readCatalogSource(db, undefined, now), now);
}

/**
 * The catalog with only the named firms read again (a firm saved in the admin, say): their rows are
 * made again from their own source rows (a firm's rows depend on nothing else), and merged into the
 * orders and row sets of the current catalog, every other row kept where it stands (decision 0055).
 */
export async function refreshCatalogFirms(db: Db, catalog: Catalog, firmIds: number[], now = Date.now()) {
  const fresh = await readCatalogSource(db, firmIds, now);
  const source = replaceFirms(catalog.source, firmIds, fresh);
  return patchCatalog(catalog, source, (await buildCatalog(fresh, now)).rows, new Set(firmIds), now);
}

/** A catalog from its source. */
async function buildCatalog(source: CatalogSource, now: number): Promise<Catalog> {
  const { firmRows, modelRows, accountRows, platformRows, couponRows, payoutRows, priceSignals } = source;
  const payoutOf = new Map<number, { tier: PayoutTier; medianDays: number | null }>(
    payoutRows.map((p) => [p.firmId, p]),
  );
  const firmsById = new Map(firmRows.map((f) => [f.id, f]));
  const modelsById = new Map(modelRows.map((m) => [m.id, m]));
  const optionRows = accountRows.flatMap((a) => {
    const f = firmsById.get(a.firmId);
    const m = modelsById.get(a.modelId);
    if (!f || !m) return [];
    return [
      {
        firmId: f.id,
        firmSlug: f.slug,
        firmName: f.name,
        firmLogo: f.logo,
        firmAssetType: f.assetType,
        trustRating: f.trustRating,
        cashbackProvided: f.cashbackProvided,
        cashbackPercentage: f.cashbackPercentage,
        restrictedCountries: f.restrictedCountries,
        modelId: m.id,
        modelName: m.name,
        modelAssetType: m.assetType,
        drawdownType: m.drawdownType,
        dailyDrawdown: m.dailyDrawdown,
        maximumDrawdown: m.maximumDrawdown,
        profitTargetPhase1: m.profitTargetPhase1,
        profitTargetPhase2: m.profitTargetPhase2,
        profitTargetPhase3: m.profitTargetPhase3,
        profitSplit: m.profitSplit,
        timeLimits: m.timeLimits,
        newsTrading: m.newsTrading,
        weekendHolding: m.weekendHolding,
        eaAllowed: m.eaAllowed,
        feeRefundable: m.feeRefundable,
        accountId: a.id,
        capital: a.capital,
        price: a.price,
        pricingType: a.pricingType,
        activationFee: a.activationFee,
        resetPrice: a.resetPrice,
      },
    ];
  });
  const platformsOf = new Map<number, Set<string>>();
  for (const { firmId, name } of platformRows) {
    const set = platformsOf.get(firmId) ?? new Set<string>();
    set.add(platformSlug(name));
    platformsOf.set(firmId, set);
  }
  const bestCoupon = new Map<number, { id: number; code: string; discountPercent: number | null }>();
  for (const c of couponRows) {
    if (c.firmId == null) continue;
    bestCoupon.set(c.firmId, { id: c.id, code: c.code, discountPercent: c.discountPercent });
  }
  const countriesOf = new Map<number, Set<string>>();
  const noPlatforms = new Set<string>();

  const rows = optionRows.map((r): CatalogRow => {
    const coupon = bestCoupon.get(r.firmId) ?? null;
    const price = Number(r.price);
    const fee = price * (1 - (coupon?.discountPercent ?? 0) / 100);
    const steps = countSteps(r);
    const news = isNewsTradingAllowed(r.newsTrading);
    let countries = countriesOf.get(r.firmId);
    if (!countries) {
      countries = new Set(r.restrictedCountries.map((c) => c.trim().toLowerCase()));
      countriesOf.set(r.firmId, countries);
    }
    const drawdownType = r.drawdownType ?? null;
    const profitTargets = [r.profitTargetPhase1, r.profitTargetPhase2, r.profitTargetPhase3].filter(
      (t): t is number => t != null && t > 0,
    );
    const priceAfterCoupon = roundCents(fee);
    const payout = payoutOf.get(r.firmId);
    const priceSignal = priceSignals.get(r.accountId) ?? NO_PRICE_SIGNAL;
    const option: CatalogOption = {
      firm: {
        id: r.firmId,
        slug: r.firmSlug,
        name: r.firmName,
        logo: r.firmLogo,
        trustRating: r.trustRating,
        cashbackPercentage:
          r.cashbackProvided && (r.cashbackPercentage ?? 0) > 0 ? r.cashbackPercentage : null,
        payoutTier: payout?.tier ?? null,
        payoutMedianDays: payout?.medianDays ?? null,
      },
      model: {
        id: r.modelId,
        name: r.modelName,
        steps,
        assetType: r.modelAssetType,
        drawdownType,
        dailyDrawdown: r.dailyDrawdown,
        maximumDrawdown: r.maximumDrawdown,
        profitTargets,
        profitSplit: r.profitSplit,
        timeLimits: r.timeLimits,
        newsTrading: news,
        weekendHolding: r.weekendHolding,
        eaAllowed: r.eaAllowed,
        feeRefundable: r.feeRefundable,
      },
      account: {
        id: r.accountId,
        capital: r.capital,
        price,
        pricingType: r.pricingType,
        activationFee: num(r.activationFee),
        resetPrice: num(r.resetPrice),
      },
      coupon,
      priceAfterCoupon,
      priceSignal,
    };
    return {
      option,
      costInput: trueCostInput({ ...option, trueCost: 0, costPer1k: 0 }),
      capital: r.capital,
      steps,
      assets: new Set(ASSETS.filter((a) => matchesAsset(a, r.modelAssetType, r.firmAssetType))),
      drawdownType,
      dailyDrawdown: r.dailyDrawdown,
      maximumDrawdown: r.maximumDrawdown,
      target: r.profitTargetPhase1 ?? 0,
      profitSplit: r.profitSplit,
      priceAfterCoupon,
      platforms: platformsOf.get(r.firmId) ?? noPlatforms,
      restrictedCountries: countries,
      news,
      weekend: r.weekendHolding,
      ea: r.eaAllowed,
      timeLimits: r.timeLimits,
      refundable: r.feeRefundable,
      hasCoupon: coupon != null,
      trustWeight: trustRatingWeight(r.trustRating),
      payoutDays: payout?.medianDays ?? null,
      latestDrop: priceSignal.latestDrop,
    };
  });
  rows.sort(byPriceThenId);
  const index = indexOfRows(rows);
  const orders = {} as Record<StaticSort, Int32Array>;
  for (const sort of STATIC_SORTS) {
    await yieldToRequests(rows.length);
    // Rows are already in price order; the other keys are sorted once.
    orders[sort] = sort === 'price' ? identity(rows.length) : sortedPositions(index.keys[sort], 1);
  }
  await yieldToRequests(rows.length);
  return indexCatalog(rows, index, orders, setsOf(rows), new Set(index.firmIds), source, now);
}

// Ties everywhere: price after coupon, then account id, so pages never overlap or skip.
const byPriceThenId = (a: CatalogRow, b: CatalogRow) =>
  a.priceAfterCoupon - b.priceAfterCoupon || a.option.account.id - b.option.account.id;

const SORT_KEYS: Record<StaticSort, (row: CatalogRow) => number | null> = {
  price: (row) => row.priceAfterCoupon,
  size: (row) => row.capital,
  profitSplit: (row) => row.profitSplit,
  rating: (row) => row.trustWeight,
  payoutDays: (row) => row.payoutDays,
  priceDrop: (row) => row.latestDrop,
};
const STATIC_SORTS = Object.keys(SORT_KEYS) as StaticSort[];

/** What a catalog holds by row position in typed arrays: the columns, the sort keys and the ids. */
type RowIndex = Pick<Catalog, 'columns' | 'keys' | 'firmIds' | 'accountIds'>;

function emptyIndex(n: number): RowIndex {
  const keys = {} as Record<StaticSort, Float64Array>;
  for (const sort of STATIC_SORTS) keys[sort] = new Float64Array(n);
  return {
    columns: {
      capital: new Float64Array(n),
      dailyDrawdown: new Float64Array(n),
      maximumDrawdown: new Float64Array(n),
      target: new Float64Array(n),
      priceAfterCoupon: new Float64Array(n),
      profitSplit: new Float64Array(n),
    },
    keys,
    firmIds: new Float64Array(n),
    accountIds: new Float64Array(n),
  };
}

const orNaN = (v: number | null) => (v == null ? Number.NaN : v);

/** Writes row `row`'s values at position `i` of every array of `index`. */
function writeRow(index: RowIndex, row: CatalogRow, i: number): void {
  const { columns, keys } = index;
  columns.capital[i] = row.capital;
  columns.dailyDrawdown[i] = row.dailyDrawdown ?? 0;
  columns.maximumDrawdown[i] = orNaN(row.maximumDrawdown);
  columns.target[i] = row.target;
  columns.priceAfterCoupon[i] = row.priceAfterCoupon;
  columns.profitSplit[i] = orNaN(row.profitSplit);
  for (const sort of STATIC_SORTS) keys[sort][i] = orNaN(SORT_KEYS[sort](row));
  index.firmIds[i] = row.option.firm.id;
  index.accountIds[i] = row.option.account.id;
}

function indexOfRows(rows: readonly CatalogRow[]): RowIndex {
  const index = emptyIndex(rows.length);
  for (let i = 0; i < rows.length; i++) writeRow(index, rows[i], i);
  return index;
}

/**
 * The runs of kept positions that moved together, as [old start, new start, length] triples: a
 * merge keeps the rows' relative order, so a save of one firm leaves a few dozen runs of thousands.
 */
function movedRuns(moved: Int32Array): Int32Array {
  const runs: number[] = [];
  for (let i = 0; i < moved.length; ) {
    if (moved[i] < 0) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < moved.length && moved[j] === moved[i] + (j - i)) j++;
    runs.push(i, moved[i], j - i);
    i = j;
  }
  return Int32Array.from(runs);
}

/** Copies each run of `from` to its new place in `to` (typed arrays of one kind). */
function moveRuns<T extends Float64Array | Int32Array>(runs: Int32Array, from: T, to: T): void {
  for (let r = 0; r < runs.length; r += 3) to.set(from.subarray(runs[r], runs[r] + runs[r + 2]), runs[r + 1]);
}

/** Copies `length` bits of `from` starting at bit `start` into `to` from bit `at` (`to` starts clear). */
function copyBits(from: Uint32Array, start: number, to: Uint32Array, at: number, length: number): void {
  for (let done = 0; done < length; ) {
    const s = start + done;
    const d = at + done;
    const shift = d & 31;
    const take = Math.min(32 - shift, length - done);
    const offset = s & 31;
    let bits = from[s >>> 5] >>> offset;
    if (offset + take > 32) bits |= from[(s >>> 5) + 1] << (32 - offset);
    const mask = take === 32 ? 0xffffffff : (1 << take) - 1;
    to[d >>> 5] |= (bits & mask) << shift;
    done += take;
  }
}

/** `index` with each value moved to its row's new position (`runs`: `movedRuns`), at `length`. */
function movedIndex(index: RowIndex, runs: Int32Array, length: number): RowIndex {
  const next = emptyIndex(length);
  const move = (from: Float64Array, to: Float64Array) => moveRuns(runs, from, to);
  for (const column of Object.keys(next.columns) as (keyof CatalogColumns)[])
    move(index.columns[column], next.columns[column]);
  for (const sort of STATIC_SORTS) move(index.keys[sort], next.keys[sort]);
  move(index.firmIds, next.firmIds);
  move(index.accountIds, next.accountIds);
  return next;
}

/**
 * Lets waiting requests run between the stages of a full build over many rows: each pass over the
 * rows takes a few milliseconds at 50,000 options, the whole build tens (decision 0055). A merge
 * (`patchCatalog`) does not yield: its passes over typed arrays are short, and under load each
 * pause lasts as long as the requests queued meanwhile, which a save would wait for.
 */
const yieldToRequests = (rows: number) =>
  rows < 10_000 ? Promise.resolve() : new Promise<void>((resolve) => setImmediate(resolve));

function identity(n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/**
 * The catalog over rows in price order, given their index, each static order ascending and the row
 * sets: the descending orders, ranks and the filters' choices are derived from them.
 */
async function indexCatalog(
  rows: CatalogRow[],
  index: RowIndex,
  ascending: Record<StaticSort, Int32Array>,
  sets: CatalogSets,
  firmsWithOptions: ReadonlySet<number>,
  source: KeptSource,
  now: number,
  costColumns = new Map<number, CostColumns>(),
): Promise<Catalog> {
  const orders = {} as Catalog['orders'];
  const ranks = {} as Catalog['ranks'];
  for (const sort of STATIC_SORTS) {
    // The descending order and the ranks are made when a request first needs them: between two
    // saves most sorts are not asked for, and a save's merge stays short.
    const asc = ascending[sort];
    const keys = index.keys[sort];
    let desc: Int32Array | undefined;
    let ascRanks: Int32Array | undefined;
    let descRanks: Int32Array | undefined;
    const order = {
      asc,
      get desc() {
        desc ??= reverseKeepingTies(asc, keys);
        return desc;
      },
    };
    orders[sort] = order;
    ranks[sort] = {
      get asc() {
        ascRanks ??= inverse(asc);
        return ascRanks;
      },
      get desc() {
        descRanks ??= inverse(order.desc);
        return descRanks;
      },
    };
  }
  let validUntil = Number.POSITIVE_INFINITY;
  for (const c of source.couponRows)
    if (c.firmId != null && c.expiryDate) validUntil = Math.min(validUntil, c.expiryDate.getTime());
  return {
    rows,
    ...index,
    sets,
    orders,
    ranks,
    validUntil: validUntil > now ? validUntil : now,
    filters: filtersOf(firmsWithOptions, source),
    firmsWithOptions,
    costColumns,
    source: { firmRows: source.firmRows, platformRows: source.platformRows, couponRows: source.couponRows },
  };
}

/** The choices of the platform and country filters: those of listed firms with options. */
function filtersOf(withOptions: ReadonlySet<number>, source: KeptSource): ChallengeFilters {
  const slugOf = new Map<string, string>();
  const platformNames = new Map<string, string>();
  for (const name of new Set(source.platformRows.map((p) => p.name))) {
    slugOf.set(name, platformSlug(name));
    platformNames.set(platformSlug(name), name);
  }
  const offered = new Set<string>();
  for (const { firmId, name } of source.platformRows)
    if (withOptions.has(firmId)) offered.add(slugOf.get(name) as string);
  const countries = new Map<string, string>();
  for (const f of source.firmRows) {
    if (!withOptions.has(f.id)) continue;
    for (const c of f.restrictedCountries) if (c.trim()) countries.set(c.trim().toLowerCase(), c.trim());
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return {
    platforms: [...offered]
      .map((slug) => ({ slug, name: platformNames.get(slug) ?? slug }))
      .sort((a, b) => byName(a.name, b.name)),
    countries: [...countries.values()].sort(byName),
  };
}

/**
 * The catalog with the rows of the `changed` firms replaced by `added` (in price order): the kept
 * rows keep their relative place in every order, so each order is the old one without the removed
 * rows, merged with the added rows sorted alone, and the row sets, columns and keys are the old
 * values moved to the rows' new positions: linear passes over typed arrays, never over the row
 * objects, where a full build sorts every order again (decision 0055). Equal to a full build of the
 * same source (catalog-patch.test.ts proves it).
 */
async function patchCatalog(
  old: Catalog,
  source: KeptSource,
  added: readonly CatalogRow[],
  changed: ReadonlySet<number>,
  now: number,
): Promise<Catalog> {
  // The rows in price order: the kept ones and the added ones merged, with where each went.
  const price = old.columns.priceAfterCoupon;
  const beforeKept = (row: CatalogRow, i: number) =>
    row.priceAfterCoupon - price[i] || row.option.account.id - old.accountIds[i];
  const moved = new Int32Array(old.rows.length).fill(-1);
  const addedAt = new Int32Array(added.length);
  const rows: CatalogRow[] = [];
  let a = 0;
  for (let i = 0; i < old.rows.length; i++) {
    if (changed.has(old.firmIds[i])) continue;
    for (; a < added.length && beforeKept(added[a], i) < 0; a++) addedAt[a] = rows.push(added[a]) - 1;
    moved[i] = rows.push(old.rows[i]) - 1;
  }
  for (; a < added.length; a++) addedAt[a] = rows.push(added[a]) - 1;
  const runs = movedRuns(moved);
  const index = movedIndex(old, runs, rows.length);
  for (let j = 0; j < added.length; j++) writeRow(index, added[j], addedAt[j]);

  const ascending = {} as Record<StaticSort, Int32Array>;
  for (const sort of STATIC_SORTS) {
    if (sort === 'price') {
      ascending.price = identity(rows.length);
      continue;
    }
    // The kept rows in their old order, at their new positions (still in order: a move keeps the
    // rows' relative place); each added row goes in where a binary search puts it.
    const before = positionOrder(index.keys[sort], 1);
    const kept = new Int32Array(rows.length - added.length);
    let k = 0;
    for (const i of old.orders[sort].asc) if (moved[i] >= 0) kept[k++] = moved[i];
    const insert = Array.from(addedAt).sort(before);
    const asc = new Int32Array(rows.length);
    let from = 0;
    let out = 0;
    for (const q of insert) {
      let lo = from;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(kept[mid], q) < 0) lo = mid + 1;
        else hi = mid;
      }
      asc.set(kept.subarray(from, lo), out);
      out += lo - from;
      asc[out++] = q;
      from = lo;
    }
    asc.set(kept.subarray(from), out);
    ascending[sort] = asc;
  }

  const sets = movedSets(old.sets, runs, rows.length);
  const words = (rows.length + 31) >>> 5;
  for (let j = 0; j < added.length; j++) addToSets(sets, added[j], addedAt[j], words);
  const firmsWithOptions = new Set(old.firmsWithOptions);
  for (const id of changed) firmsWithOptions.delete(id);
  for (const row of added) firmsWithOptions.add(row.option.firm.id);
  const costColumns = new Map<number, CostColumns>();
  for (const [months, kept] of old.costColumns) {
    const columns = { base: new Float64Array(rows.length), perRetry: new Float64Array(rows.length) };
    moveRuns(runs, kept.base, columns.base);
    moveRuns(runs, kept.perRetry, columns.perRetry);
    for (let j = 0; j < added.length; j++) writeCostTerms(columns, added[j], addedAt[j], months);
    costColumns.set(months, columns);
  }
  return indexCatalog(rows, index, ascending, sets, firmsWithOptions, source, now, costColumns);
}

function writeCostTerms(columns: CostColumns, row: CatalogRow, i: number, monthsPerAttempt: number) {
  const terms = trueCostTerms(row.costInput, monthsPerAttempt);
  columns.base[i] = terms.base;
  columns.perRetry[i] = terms.perRetry;
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
    const n = catalog.rows.length;
    columns = { base: new Float64Array(n), perRetry: new Float64Array(n) };
    for (let i = 0; i < n; i++) writeCostTerms(columns, catalog.rows[i], i, monthsPerAttempt);
    if (kept.size >= COST_COLUMNS_KEPT) kept.delete(kept.keys().next().value as number);
  }
  kept.set(monthsPerAttempt, columns);
  return columns;
}

/** Each row set with its bits moved to the rows' new positions (`runs`: `movedRuns`); empty sets dropped. */
function movedSets(sets: CatalogSets, runs: Int32Array, length: number): CatalogSets {
  const words = (length + 31) >>> 5;
  const move = <K>(map: Map<K, RowSet>) => {
    const next = new Map<K, RowSet>();
    for (const [key, bits] of map) {
      const set = new Uint32Array(words);
      for (let r = 0; r < runs.length; r += 3) copyBits(bits, runs[r], set, runs[r + 1], runs[r + 2]);
      if (set.some((word) => word !== 0)) next.set(key, set);
    }
    return next;
  };
  return {
    capital: move(sets.capital),
    steps: move(sets.steps),
    flags: move(sets.flags),
    drawdown: move(sets.drawdown),
    platform: move(sets.platform),
    restricted: move(sets.restricted),
  };
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

function setsOf(rows: CatalogRow[]): CatalogSets {
  const words = (rows.length + 31) >>> 5;
  const sets: CatalogSets = {
    capital: new Map(),
    steps: new Map(),
    flags: new Map(),
    drawdown: new Map(),
    platform: new Map(),
    restricted: new Map(),
  };
  for (let i = 0; i < rows.length; i++) addToSets(sets, rows[i], i, words);
  return sets;
}

/** Sets the bit of row position `i` in each set the row belongs to (sets of `words` words). */
function addToSets(sets: CatalogSets, row: CatalogRow, i: number, words: number): void {
  const add = <K>(map: Map<K, RowSet>, key: K) => {
    let set = map.get(key);
    if (!set) {
      set = new Uint32Array(words);
      map.set(key, set);
    }
    set[i >>> 5] |= 1 << (i & 31);
  };
  add(sets.capital, row.capital);
  add(sets.steps, row.steps);
  const flags = flagsOf(row);
  for (const bit of FLAG_BITS) if (flags & bit) add(sets.flags, bit);
  if (row.drawdownType) add(sets.drawdown, row.drawdownType);
  for (const platform of row.platforms) add(sets.platform, platform);
  for (const country of row.restrictedCountries) add(sets.restricted, country);
}

/**
 * The descending order from the ascending one: equal keys keep their ascending tie order (price,
 * then id), and rows without a key stay last.
 */
function reverseKeepingTies(asc: Int32Array, values: Float64Array): Int32Array {
  const present = new Int32Array(asc.length);
  const missing = new Int32Array(asc.length);
  let presentCount = 0;
  let missingCount = 0;
  for (const i of asc) {
    if (Number.isNaN(values[i])) missing[missingCount++] = i;
    else present[presentCount++] = i;
  }
  const desc = new Int32Array(asc.length);
  let d = 0;
  for (let end = presentCount; end > 0; ) {
    let start = end - 1;
    while (start > 0 && values[present[start - 1]] === values[present[end - 1]]) start--;
    for (let k = start; k < end; k++) desc[d++] = present[k];
    end = start;
  }
  desc.set(missing.subarray(0, missingCount), d);
  return desc;
}

/** Each position's index in `order`. */
function inverse(order: Int32Array): Int32Array {
  const ranks = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank++) ranks[order[rank]] = rank;
  return ranks;
}

/** Row positions by their keys (NaN, a missing key, last either way), ties kept in the rows' own order. */
function sortedPositions(values: Float64Array, direction: 1 | -1) {
  const positions = Array.from(values, (_, i) => i).sort(positionOrder(values, direction));
  return Int32Array.from(positions);
}

/** Compares row positions by their values (NaN, a missing value, last either way), then by position. */
function positionOrder(values: Float64Array, direction: 1 | -1) {
  return (i: number, j: number) => {
    const a = values[i];
    const b = values[j];
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? i - j : 1) : -1;
    return (a - b) * direction || i - j;
  };
}

/**
 * Whether a change alters the catalog: firms (their models and accounts), platforms, coupons and
 * decided payout reports (a firm's tier and median days); not a coupon's uses or votes
 * (`coupon.counted`), which visitors make all day.
 */
export const altersCatalog = (event: ChangeEvent) =>
  /^(firm|platform|coupon|payout)\.(created|updated|deleted)$/.test(event.type);

/**
 * The catalog, built on first use and again after a change of firms or coupons (from this process
 * or another) or when a best coupon expires; a firm's change re-reads only that firm.
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
    refresh: (current, firmIds, now) => refreshCatalogFirms(db, current, firmIds, now),
    validUntil: (catalog) => catalog.validUntil,
  });
export type CatalogStore = ReturnType<typeof createCatalogStore>;
