import { and, asc, eq, sql } from 'drizzle-orm';
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
} from '../../../domain/challenge-rules';
import { trustRatingWeight } from '../../../domain/firm-rules';
import type { Db } from '../../db/client';
import { coupons, firmAccounts, firmPlatforms, fundingModels, platforms, propFirms } from '../../db/schema';
import { isCouponLive, LISTED } from '../firms/service';

/**
 * Every account option of every listed firm, held in memory with what the finder filters and sorts
 * on (decision 0021): filtering tens of thousands of options in a loop takes a few milliseconds,
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
}

export type StaticSort = 'price' | 'size' | 'profitSplit' | 'rating';

export interface Catalog {
  rows: CatalogRow[];
  /** Row positions in each static order, ascending and descending (ties: price after coupon, then id). */
  orders: Record<StaticSort, { asc: Int32Array; desc: Int32Array }>;
  /** When the first chosen best coupon expires (the catalog is rebuilt then); Infinity if never. */
  validUntil: number;
  /** The choices of the page's platform and country filters, from listed firms with options. */
  filters: ChallengeFilters;
}

const ASSETS: ChallengeAsset[] = ['cfd', 'futures', 'crypto'];

const num = (v: unknown) => (v == null ? null : Number(v));

/** Reads every option of listed firms, their firms' platforms and best live coupons: three queries. */
export async function loadCatalog(db: Db, now = Date.now()): Promise<Catalog> {
  const [optionRows, platformRows, couponRows] = await Promise.all([
    db
      .select({
        firmId: propFirms.id,
        firmSlug: propFirms.slug,
        firmName: propFirms.name,
        firmLogo: propFirms.logo,
        firmAssetType: propFirms.assetType,
        trustRating: propFirms.trustRating,
        cashbackProvided: propFirms.cashbackProvided,
        cashbackPercentage: propFirms.cashbackPercentage,
        restrictedCountries: propFirms.restrictedCountries,
        modelId: fundingModels.id,
        modelName: fundingModels.name,
        modelAssetType: fundingModels.assetType,
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
        accountId: firmAccounts.id,
        capital: firmAccounts.capital,
        price: firmAccounts.price,
        pricingType: firmAccounts.pricingType,
        activationFee: firmAccounts.activationFee,
        resetPrice: firmAccounts.resetPrice,
      })
      .from(firmAccounts)
      .innerJoin(fundingModels, eq(fundingModels.id, firmAccounts.fundingModelId))
      .innerJoin(propFirms, eq(propFirms.id, fundingModels.propFirmId))
      .where(eq(propFirms.status, LISTED)),
    db
      .select({ firmId: firmPlatforms.propFirmId, name: platforms.name })
      .from(firmPlatforms)
      .innerJoin(platforms, eq(platforms.id, firmPlatforms.platformId)),
    db
      .selectDistinctOn([coupons.propFirmId], {
        firmId: coupons.propFirmId,
        id: coupons.id,
        code: coupons.code,
        discountPercent: coupons.discountPercent,
        expiryDate: coupons.expiryDate,
      })
      .from(coupons)
      .where(and(isCouponLive, sql`${coupons.propFirmId} is not null`))
      .orderBy(coupons.propFirmId, sql`${coupons.discountPercent} desc nulls last`, asc(coupons.id)),
  ]);

  const platformsOf = new Map<number, Set<string>>();
  const platformNames = new Map<string, string>();
  for (const { firmId, name } of platformRows) {
    const set = platformsOf.get(firmId) ?? new Set<string>();
    const slug = platformSlug(name);
    set.add(slug);
    platformsOf.set(firmId, set);
    platformNames.set(slug, name);
  }
  let validUntil = Number.POSITIVE_INFINITY;
  const bestCoupon = new Map<number, { id: number; code: string; discountPercent: number | null }>();
  for (const c of couponRows) {
    if (c.firmId == null) continue;
    bestCoupon.set(c.firmId, { id: c.id, code: c.code, discountPercent: c.discountPercent });
    if (c.expiryDate) validUntil = Math.min(validUntil, c.expiryDate.getTime());
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
    const option: CatalogOption = {
      firm: {
        id: r.firmId,
        slug: r.firmSlug,
        name: r.firmName,
        logo: r.firmLogo,
        trustRating: r.trustRating,
        cashbackPercentage:
          r.cashbackProvided && (r.cashbackPercentage ?? 0) > 0 ? r.cashbackPercentage : null,
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
    };
  });
  // Ties everywhere: price after coupon, then account id, so pages never overlap or skip.
  rows.sort((a, b) => a.priceAfterCoupon - b.priceAfterCoupon || a.option.account.id - b.option.account.id);
  const keys: Record<StaticSort, (row: CatalogRow) => number | null> = {
    price: (row) => row.priceAfterCoupon,
    size: (row) => row.capital,
    profitSplit: (row) => row.profitSplit,
    rating: (row) => row.trustWeight,
  };
  const orders = {} as Catalog['orders'];
  for (const sort of Object.keys(keys) as StaticSort[]) {
    orders[sort] = { asc: sortedPositions(rows, keys[sort], 1), desc: sortedPositions(rows, keys[sort], -1) };
  }
  const offered = new Set(rows.flatMap((row) => [...row.platforms]));
  const countries = new Map<string, string>();
  for (const r of optionRows) {
    for (const c of r.restrictedCountries) if (c.trim()) countries.set(c.trim().toLowerCase(), c.trim());
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  const filters: ChallengeFilters = {
    platforms: [...offered]
      .map((slug) => ({ slug, name: platformNames.get(slug) ?? slug }))
      .sort((a, b) => byName(a.name, b.name)),
    countries: [...countries.values()].sort(byName),
  };
  return { rows, orders, validUntil: validUntil > now ? validUntil : now, filters };
}

/** Positions of rows by a key (missing keys last either way), ties kept in the rows' own order. */
function sortedPositions(rows: CatalogRow[], key: (row: CatalogRow) => number | null, direction: 1 | -1) {
  const values = rows.map(key);
  const positions = Array.from(rows, (_, i) => i).sort((i, j) => {
    const a = values[i];
    const b = values[j];
    if (a == null || b == null) return a == null ? (b == null ? i - j : 1) : -1;
    return (a - b) * direction || i - j;
  });
  return Int32Array.from(positions);
}

/**
 * The catalog, built on first use and again after a change of firms or coupons (the response
 * cache's invalidations, from this node or another) or when a best coupon expires.
 */
export class CatalogStore {
  private current: Catalog | null = null;
  private building: Promise<Catalog> | null = null;
  private buildingVersion = -1;
  /** Counts changes; a build that saw a change while reading is not trusted after it. */
  private version = 0;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.version++;
    this.current = null;
  }

  async get(now = Date.now()): Promise<Catalog> {
    if (this.current && now < this.current.validUntil) return this.current;
    // A build started before the latest change would answer with what the change replaced.
    if (!this.building || this.buildingVersion !== this.version) {
      const version = this.version;
      this.buildingVersion = version;
      const build = loadCatalog(this.db, now).then((catalog) => {
        if (version === this.version) this.current = catalog;
        return catalog;
      });
      this.building = build;
      const settle = () => {
        if (this.building === build) this.building = null;
      };
      build.then(settle, settle);
    }
    return this.building;
  }
}
