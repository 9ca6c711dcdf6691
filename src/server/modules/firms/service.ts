import { and, asc, desc, eq, inArray, isNull, notLike, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DELETED_EMAIL_DOMAIN } from '../../../domain/account-deletion';
import type {
  AccountCount,
  AccountWithDetails,
  FeaturedFirm,
  FirmCoupon,
  FirmDetails,
  FirmSummary,
  HeroStats,
  UnlistedFirm,
} from '../../../domain/firms';
import type { PayoutTier } from '../../../domain/payout-rules';
import type { FirmPayoutRecord } from '../../../domain/payouts';
import type { Db } from '../../db/client';
import {
  coupons,
  featuredFirm,
  firmAccounts,
  firmPayoutRecords,
  firmRepresentatives,
  fundingModels,
  newsletterSubscribers,
  propFirms,
  publishedReview,
  reviews,
  unlistedFirms,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/app-error';

export const LISTED = 'listed';
const isListed = eq(propFirms.status, LISTED);

/** Active and not expired: the coupons a visitor can still use. */
export const isCouponLive = sql`(${coupons.isActive} and (${coupons.expiryDate} is null or ${coupons.expiryDate} > now()))`;

const num = (column: unknown) => sql<number | null>`${column}`.mapWith((v) => (v == null ? null : Number(v)));

const coreColumns = {
  id: propFirms.id,
  slug: propFirms.slug,
  name: propFirms.name,
  logo: propFirms.logo,
  shortDescription: propFirms.shortDescription,
  website: propFirms.website,
  affiliateUrl: propFirms.affiliateUrl,
  assetType: propFirms.assetType,
  features: propFirms.features,
  headquarters: propFirms.headquarters,
  established: propFirms.established,
  trustRating: propFirms.trustRating,
  cashbackProvided: propFirms.cashbackProvided,
  cashbackPercentage: propFirms.cashbackPercentage,
  accountPriceMin: propFirms.accountPriceMin,
  accountPriceMax: propFirms.accountPriceMax,
  fundingMin: propFirms.fundingMin,
  fundingMax: propFirms.fundingMax,
};

/**
 * Listed firms as the directory's cards (every listed firm, or those named): their own columns and
 * the counts, best live coupon and rating of `summarizeFirms`. The directory read model
 * (directory-model.ts) holds them in memory.
 */
export async function readDirectoryFirms(db: Db, ids?: readonly number[]): Promise<FirmSummary[]> {
  const rows = await db
    .select(coreColumns)
    .from(propFirms)
    .where(ids ? and(isListed, inArray(propFirms.id, [...ids])) : isListed);
  return summarizeFirms(db, rows, ids ? rows.map((r) => r.id) : undefined);
}

type CoreFirm = { [K in keyof typeof coreColumns]: FirmSummary[K] };

/**
 * The firms (of those named, or all) with a current representative: claimed profiles. A firm's
 * representatives change through its `firm.updated` event, so its card and page read this again.
 */
export async function readClaimedFirmIds(db: Db, ids?: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ firmId: firmRepresentatives.propFirmId })
    .from(firmRepresentatives)
    .where(
      and(
        isNull(firmRepresentatives.removedAt),
        ids ? inArray(firmRepresentatives.propFirmId, [...ids]) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.firmId));
}

/**
 * The cards' counts, best live coupon and rating for the given firms: one set-wise query each,
 * over the firms `ids` names, or over every firm (cheaper than naming thousands).
 */
async function summarizeFirms(db: Db, firms: CoreFirm[], ids?: number[]): Promise<FirmSummary[]> {
  if (firms.length === 0) return [];
  const only = (column: AnyPgColumn) => (ids ? inArray(column, ids) : undefined);
  const [modelCounts, accountStats, couponStats, bestCoupons, reviewRows, payoutRows] = await Promise.all([
    db
      .select({ firmId: fundingModels.propFirmId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(fundingModels)
      .where(only(fundingModels.propFirmId))
      .groupBy(fundingModels.propFirmId),
    db
      .select({
        firmId: firmAccounts.propFirmId,
        count: sql<number>`count(*)`.mapWith(Number),
        priceMin: num(sql`min(${firmAccounts.price})`),
        priceMax: num(sql`max(${firmAccounts.price})`),
        capitalMin: num(sql`min(${firmAccounts.capital})`),
        capitalMax: num(sql`max(${firmAccounts.capital})`),
      })
      .from(firmAccounts)
      .where(only(firmAccounts.propFirmId))
      .groupBy(firmAccounts.propFirmId),
    db
      .select({ firmId: coupons.propFirmId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(coupons)
      .where(and(isCouponLive, only(coupons.propFirmId)))
      .groupBy(coupons.propFirmId),
    db
      .selectDistinctOn([coupons.propFirmId], {
        firmId: coupons.propFirmId,
        id: coupons.id,
        code: coupons.code,
        discountPercent: coupons.discountPercent,
      })
      .from(coupons)
      .where(and(isCouponLive, only(coupons.propFirmId)))
      .orderBy(
        coupons.propFirmId,
        desc(coupons.featured),
        sql`${coupons.discountPercent} desc nulls last`,
        asc(coupons.id),
      ),
    db
      .select({
        firmId: reviews.propFirmId,
        count: sql<number>`count(*)`.mapWith(Number),
        average: sql<number>`avg(${reviews.rating})`.mapWith(Number),
      })
      .from(reviews)
      .where(and(only(reviews.propFirmId), publishedReview))
      .groupBy(reviews.propFirmId),
    db
      .select({
        firmId: firmPayoutRecords.propFirmId,
        tier: firmPayoutRecords.tier,
        medianDays: firmPayoutRecords.medianDays,
      })
      .from(firmPayoutRecords)
      .where(only(firmPayoutRecords.propFirmId)),
  ]);
  const claimed = await readClaimedFirmIds(db, ids);
  const byFirm = <T extends { firmId: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.firmId, r]));
  const models = byFirm(modelCounts);
  const accounts = byFirm(accountStats);
  const couponCounts = byFirm(couponStats);
  const best = byFirm(bestCoupons);
  const ratings = byFirm(reviewRows);
  const payoutRecords = byFirm(payoutRows);
  return firms.map((firm) => {
    const a = accounts.get(firm.id);
    const coupon = best.get(firm.id);
    const rating = ratings.get(firm.id);
    return {
      ...firm,
      accountPriceMin: firm.accountPriceMin ?? a?.priceMin ?? null,
      accountPriceMax: firm.accountPriceMax ?? a?.priceMax ?? null,
      fundingMin: firm.fundingMin ?? a?.capitalMin ?? null,
      fundingMax: firm.fundingMax ?? a?.capitalMax ?? null,
      fundingModelCount: models.get(firm.id)?.count ?? 0,
      accountCount: a?.count ?? 0,
      activeCouponCount: couponCounts.get(firm.id)?.count ?? 0,
      bestCoupon: coupon
        ? { id: coupon.id, code: coupon.code, discountPercent: coupon.discountPercent }
        : null,
      averageRating: rating ? roundRating(rating.average) : 0,
      totalReviews: rating?.count ?? 0,
      payoutTier: payoutRecords.get(firm.id)?.tier ?? null,
      payoutMedianDays: payoutRecords.get(firm.id)?.medianDays ?? null,
      claimed: claimed.has(firm.id),
    };
  });
}

const roundRating = (average: number) => Math.round(average * 100) / 100;

/** A firm by slug, or by id when the value is all digits (slugs are never all digits). */
const bySlugOrId = (slugOrId: string) =>
  /^\d{1,9}$/.test(slugOrId) ? eq(propFirms.id, Number(slugOrId)) : eq(propFirms.slug, slugOrId);

/** The condition selecting one listed firm by slug or id, for queries that join from the firm row. */
export const listedFirmWhere = (slugOrId: string) => and(bySlugOrId(slugOrId), isListed);

/** A listed firm's id by slug or id; 404 otherwise. */
export async function resolveListedFirm(
  db: Db,
  slugOrId: string,
): Promise<{ id: number; slug: string; name: string }> {
  const [firm] = await db
    .select({ id: propFirms.id, slug: propFirms.slug, name: propFirms.name })
    .from(propFirms)
    .where(listedFirmWhere(slugOrId))
    .limit(1);
  if (!firm) throw notFound('Firm');
  return firm;
}

export const couponColumns = {
  id: coupons.id,
  slug: coupons.slug,
  code: coupons.code,
  title: coupons.title,
  description: coupons.description,
  discountPercent: coupons.discountPercent,
  expiryDate: coupons.expiryDate,
  isActive: coupons.isActive,
  featured: coupons.featured,
  affiliateUrl: coupons.affiliateUrl,
};

/** A firm's record for its page, from its row, its models and accounts (in display order) and coupons. */
export function toFirmDetails(
  firm: typeof propFirms.$inferSelect,
  models: (typeof fundingModels.$inferSelect)[],
  accounts: (typeof firmAccounts.$inferSelect)[],
  firmCoupons: FirmCoupon[],
  payout: { tier: PayoutTier; medianDays: number | null; record: FirmPayoutRecord } | null,
  claimed: boolean,
): FirmDetails {
  const prices = accounts.map((a) => a.price);
  const sizes = accounts.map((a) => a.capital);
  const { createdAt: _created, updatedAt, ...rest } = firm;
  return {
    ...rest,
    accountPriceMin: firm.accountPriceMin ?? (prices.length ? Math.min(...prices) : null),
    accountPriceMax: firm.accountPriceMax ?? (prices.length ? Math.max(...prices) : null),
    fundingMin: firm.fundingMin ?? (sizes.length ? Math.min(...sizes) : null),
    fundingMax: firm.fundingMax ?? (sizes.length ? Math.max(...sizes) : null),
    updatedAt: updatedAt.toISOString(),
    fundingModels: models.map(({ propFirmId: _f, sortOrder: _s, ...model }) => model),
    accounts: accounts.map(({ propFirmId: _f, ...account }) => account),
    coupons: firmCoupons,
    payoutTier: payout?.tier ?? null,
    payoutMedianDays: payout?.medianDays ?? null,
    payoutRecord: payout?.record ?? null,
    claimed,
  };
}

export async function listUnlistedFirms(db: Db): Promise<UnlistedFirm[]> {
  return db
    .select({
      id: unlistedFirms.id,
      name: unlistedFirms.name,
      logo: unlistedFirms.logo,
      assetClass: unlistedFirms.assetClass,
      description: unlistedFirms.description,
      link: unlistedFirms.link,
      status: unlistedFirms.status,
      sortOrder: unlistedFirms.sortOrder,
    })
    .from(unlistedFirms)
    .orderBy(
      desc(sql`${unlistedFirms.status} = 'listing_pending'`),
      asc(unlistedFirms.sortOrder),
      asc(unlistedFirms.name),
    );
}

export async function listAccountCounts(db: Db): Promise<AccountCount[]> {
  return db
    .select({ firmId: propFirms.id, accountCount: sql<number>`count(${firmAccounts.id})`.mapWith(Number) })
    .from(propFirms)
    .leftJoin(firmAccounts, eq(firmAccounts.propFirmId, propFirms.id))
    .where(isListed)
    .groupBy(propFirms.id)
    .orderBy(asc(propFirms.id));
}

export async function listAccountsWithDetails(db: Db): Promise<AccountWithDetails[]> {
  const rows = await db
    .select({ price: firmAccounts.price, capital: firmAccounts.capital, firmId: firmAccounts.propFirmId })
    .from(firmAccounts)
    .innerJoin(propFirms, eq(propFirms.id, firmAccounts.propFirmId))
    .where(isListed)
    .orderBy(asc(firmAccounts.propFirmId), asc(firmAccounts.capital));
  return rows.map(({ firmId, ...row }) => ({ ...row, propFirm: { id: firmId } }));
}

/**
 * tradersCount: distinct emails among registered users and confirmed newsletter subscribers. A
 * deleted account's tombstone row (decision 0070) is nobody, and is not counted.
 */
export async function getHeroStats(db: Db): Promise<HeroStats> {
  const people = db
    .select({ email: sql`lower(${users.email})`.as('email') })
    .from(users)
    .where(notLike(users.email, `%@${DELETED_EMAIL_DOMAIN}`))
    .union(
      db
        .select({ email: sql`lower(${newsletterSubscribers.email})`.as('email') })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.status, 'confirmed')),
    )
    .as('people');
  const [firmsCount, couponsCount, accountsRow, tradersRow] = await Promise.all([
    db.$count(propFirms, isListed),
    db.$count(coupons, isCouponLive),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(firmAccounts)
      .innerJoin(propFirms, eq(propFirms.id, firmAccounts.propFirmId))
      .where(isListed),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(people),
  ]);
  return { firmsCount, couponsCount, accountsCount: accountsRow[0].n, tradersCount: tradersRow[0].n };
}

/** The featured firm while it is listed. Looked up by primary key: a join made PGlite scan every firm. */
export async function getFeaturedFirm(db: Db): Promise<FeaturedFirm> {
  const [row] = await db
    .select({ propFirmId: propFirms.id })
    .from(propFirms)
    .where(
      and(eq(propFirms.id, sql`(select ${featuredFirm.propFirmId} from ${featuredFirm} limit 1)`), isListed),
    );
  return { propFirmId: row?.propFirmId ?? null };
}

/** Listed firms' slugs and last changes, for the sitemap. */
export async function listFirmSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: propFirms.slug, updatedAt: propFirms.updatedAt })
    .from(propFirms)
    .where(isListed)
    .orderBy(asc(propFirms.slug));
}
