import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type ChallengeAsset,
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
import type { PayoutTier } from '../../../domain/payout-rules';
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
import { isCouponLive, LISTED } from '../firms/service';
import { listPriceSignals } from '../price-history/service';

/**
 * What the challenge catalog (`catalog.ts`) is made of: the rows of listed firms, their models,
 * accounts, platforms, best live coupons, payout records and price signals, read from the database,
 * and the account options made from them, one `CatalogRow` each.
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

const ASSETS: ChallengeAsset[] = ['cfd', 'futures', 'crypto'];
const NO_PRICE_SIGNAL = { latestDrop: null, droppedAt: null, lowestIn90Days: false } as const;

const num = (v: unknown) => (v == null ? null : Number(v));

/**
 * What the catalog is built from: listed firms, their models and accounts, platforms and best live
 * coupons; of every firm, or only of the firms named (a change of a few firms re-reads only them).
 */
export async function readCatalogSource(db: Db, onlyFirms?: number[], now = Date.now()) {
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

export type CatalogSource = Awaited<ReturnType<typeof readCatalogSource>>;

/** The account options of a source, in price order (after coupon; ties by account id). */
export function rowsOf(source: CatalogSource): CatalogRow[] {
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
  for (const { firmId, name } of platformRows)
    shared(platformsOf, firmId, () => new Set<string>()).add(platformSlug(name));
  const bestCoupon = new Map<number, { id: number; code: string; discountPercent: number | null }>();
  for (const c of couponRows) {
    if (c.firmId == null) continue;
    bestCoupon.set(c.firmId, { id: c.id, code: c.code, discountPercent: c.discountPercent });
  }
  const noPlatforms = new Set<string>();
  // One country set, firm, model and asset set for all the rows that share them, and one copy of
  // each pricing type: at 5,000 firms the catalog holds some 50,000 rows, and copies per row made
  // much of the server thread's heap, which every full collection marks (docs/performance.md).
  const countriesOf = new Map<number, ReadonlySet<string>>();
  const firmOf = new Map<number, CatalogOption['firm']>();
  const modelOf = new Map<number, CatalogOption['model']>();
  const assetsOf = new Map<string, ReadonlySet<ChallengeAsset>>();
  const pricingTypes = new Map<string, string>();

  const rows = optionRows.map((r): CatalogRow => {
    const coupon = bestCoupon.get(r.firmId) ?? null;
    const price = Number(r.price);
    const fee = price * (1 - (coupon?.discountPercent ?? 0) / 100);
    const priceAfterCoupon = roundCents(fee);
    const payout = payoutOf.get(r.firmId);
    const priceSignal = priceSignals.get(r.accountId) ?? NO_PRICE_SIGNAL;
    const countries = shared(
      countriesOf,
      r.firmId,
      () => new Set(r.restrictedCountries.map((c) => c.trim().toLowerCase())),
    );
    const firm = shared(firmOf, r.firmId, () => ({
      id: r.firmId,
      slug: r.firmSlug,
      name: r.firmName,
      logo: r.firmLogo,
      trustRating: r.trustRating,
      cashbackPercentage: r.cashbackProvided && (r.cashbackPercentage ?? 0) > 0 ? r.cashbackPercentage : null,
      payoutTier: payout?.tier ?? null,
      payoutMedianDays: payout?.medianDays ?? null,
    }));
    const model = shared(modelOf, r.modelId, () => ({
      id: r.modelId,
      name: r.modelName,
      steps: countSteps(r),
      assetType: r.modelAssetType,
      drawdownType: r.drawdownType ?? null,
      dailyDrawdown: r.dailyDrawdown,
      maximumDrawdown: r.maximumDrawdown,
      profitTargets: [r.profitTargetPhase1, r.profitTargetPhase2, r.profitTargetPhase3].filter(
        (t): t is number => t != null && t > 0,
      ),
      profitSplit: r.profitSplit,
      timeLimits: r.timeLimits,
      newsTrading: isNewsTradingAllowed(r.newsTrading),
      weekendHolding: r.weekendHolding,
      eaAllowed: r.eaAllowed,
      feeRefundable: r.feeRefundable,
    }));
    const assets = shared(
      assetsOf,
      `${r.modelAssetType}/${r.firmAssetType}`,
      () => new Set(ASSETS.filter((a) => matchesAsset(a, r.modelAssetType, r.firmAssetType))),
    );
    const pricingType = shared(pricingTypes, r.pricingType, () => r.pricingType);
    const { steps, drawdownType, newsTrading: news } = model;
    const option: CatalogOption = {
      firm,
      model,
      account: {
        id: r.accountId,
        capital: r.capital,
        price,
        pricingType,
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
      assets,
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
  return rows.sort(byPriceThenId);
}

/** The value kept under `key`, made and kept by `make` the first time. */
function shared<K, V>(values: Map<K, V>, key: K, make: () => V): V {
  let value = values.get(key);
  if (value === undefined) {
    value = make();
    values.set(key, value);
  }
  return value;
}

// Ties everywhere: price after coupon, then account id, so pages never overlap or skip.
const byPriceThenId = (a: CatalogRow, b: CatalogRow) =>
  a.priceAfterCoupon - b.priceAfterCoupon || a.option.account.id - b.option.account.id;
