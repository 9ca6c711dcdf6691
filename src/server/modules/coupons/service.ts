import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Coupon } from '../../../domain/coupons';
import type { Db } from '../../db/client';
import { coupons, couponUses, couponVotes, propFirms } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { sanitizeHtml } from '../../lib/sanitize';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function startOfMonthUtc(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

function selectCoupons(db: Db, now: Date) {
  const monthStart = startOfMonthUtc(now);
  return db
    .select({
      coupon: coupons,
      firm: {
        id: propFirms.id,
        name: propFirms.name,
        slug: propFirms.slug,
        logo: propFirms.logo,
        affiliateUrl: propFirms.affiliateUrl,
      },
      usesThisMonth: sql<number>`(select count(*)::int from ${couponUses} u where u.coupon_id = ${coupons.id} and u.day >= ${monthStart}::date)`,
      votesWorked: sql<number>`(select count(*)::int from ${couponVotes} v where v.coupon_id = ${coupons.id} and v.worked)`,
      votesTotal: sql<number>`(select count(*)::int from ${couponVotes} v where v.coupon_id = ${coupons.id})`,
    })
    .from(coupons)
    .leftJoin(propFirms, eq(propFirms.id, coupons.propFirmId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCoupons>['execute']>>[number];

function toCoupon(row: Row): Coupon {
  const c = row.coupon;
  return {
    id: c.id,
    slug: c.slug,
    code: c.code,
    title: c.title,
    description: c.description,
    discountPercent: c.discountPercent,
    expiryDate: iso(c.expiryDate),
    isActive: c.isActive,
    featured: c.featured,
    usageCount: c.usageCount,
    usesThisMonth: Number(row.usesThisMonth),
    image: c.image,
    logo: c.logo,
    firmName: c.firmName,
    affiliateUrl: c.affiliateUrl,
    // Sanitised again on the way out: stored terms may predate the current allowlist.
    terms: c.terms ? sanitizeHtml(c.terms) : null,
    lastVerifiedAt: iso(c.lastVerifiedAt),
    votes: { worked: Number(row.votesWorked), total: Number(row.votesTotal) },
    propFirm: row.firm?.id != null ? row.firm : null,
  };
}

/** Active, unexpired coupons, featured first, then soonest expiry, then newest. */
export async function listActiveCoupons(db: Db, now = new Date()): Promise<Coupon[]> {
  const rows = await selectCoupons(db, now)
    .where(and(eq(coupons.isActive, true), or(isNull(coupons.expiryDate), gt(coupons.expiryDate, now))))
    .orderBy(
      desc(coupons.featured),
      sql`${coupons.expiryDate} asc nulls last`,
      desc(coupons.createdAt),
      asc(coupons.id),
    );
  return rows.map(toCoupon);
}

/** Live coupons added since a moment (the signed-in home's "new this week"), newest first. */
export async function listNewCoupons(
  db: Db,
  since: Date,
  limit: number,
  now = new Date(),
): Promise<Coupon[]> {
  const rows = await selectCoupons(db, now)
    .where(
      and(
        eq(coupons.isActive, true),
        gt(coupons.createdAt, since),
        or(isNull(coupons.expiryDate), gt(coupons.expiryDate, now)),
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
  return rows.map(toCoupon);
}

/**
 * A coupon by slug, expired ones included so the deal page can show them greyed out.
 * Inactive coupons were withdrawn by an admin and are not found.
 */
export async function getCouponBySlug(db: Db, slug: string, now = new Date()): Promise<Coupon> {
  const [row] = await selectCoupons(db, now).where(and(eq(coupons.slug, slug), eq(coupons.isActive, true)));
  if (!row) throw notFound('Coupon');
  return toCoupon(row);
}

/** A visitor is an HMAC of IP and user agent: stable for counting, not reversible to the IP. */
export function makeVisitorKey(secret: string, ip: string, userAgent: string | undefined): string {
  return createHmac('sha256', secret)
    .update(`${ip}|${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 32);
}

async function findUsableCoupon(db: Db, id: number) {
  const [coupon] = await db
    .select({ id: coupons.id, isActive: coupons.isActive, usageCount: coupons.usageCount })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!coupon?.isActive) throw notFound('Coupon');
  return coupon;
}

/** Counts a use at most once per visitor per UTC day; the unique index settles races. */
export async function recordCouponUse(
  db: Db,
  changes: Changes,
  id: number,
  visitorKey: string,
  now = new Date(),
): Promise<{ usageCount: number; counted: boolean }> {
  const coupon = await findUsableCoupon(db, id);
  const day = now.toISOString().slice(0, 10);
  return changes.commit<{ usageCount: number; counted: boolean }>(db, async (tx) => {
    const inserted = await tx
      .insert(couponUses)
      .values({ couponId: id, visitorKey, day })
      .onConflictDoNothing()
      .returning({ couponId: couponUses.couponId });
    if (inserted.length === 0)
      return { result: { usageCount: coupon.usageCount, counted: false }, changes: [] };
    const [updated] = await tx
      .update(coupons)
      .set({ usageCount: sql`${coupons.usageCount} + 1` })
      .where(eq(coupons.id, id))
      .returning({ usageCount: coupons.usageCount });
    return {
      result: { usageCount: updated.usageCount, counted: true },
      changes: [{ type: 'coupon.counted', id }],
    };
  });
}

/** One vote per visitor per coupon; voting again changes the earlier answer. */
export async function voteOnCoupon(
  db: Db,
  changes: Changes,
  id: number,
  visitorKey: string,
  worked: boolean,
): Promise<{ votes: { worked: number; total: number } }> {
  await findUsableCoupon(db, id);
  await changes.commit(db, async (tx) => {
    await tx
      .insert(couponVotes)
      .values({ couponId: id, visitorKey, worked })
      .onConflictDoUpdate({ target: [couponVotes.couponId, couponVotes.visitorKey], set: { worked } });
    return { changes: [{ type: 'coupon.counted', id }] };
  });
  const [votes] = await db
    .select({
      worked: sql<number>`count(*) filter (where ${couponVotes.worked})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(couponVotes)
    .where(eq(couponVotes.couponId, id));
  return { votes: { worked: Number(votes.worked), total: Number(votes.total) } };
}

/** Active coupons for the weekly email: ending soon first. */
export async function listCouponsForDigest(db: Db, now = new Date()): Promise<Coupon[]> {
  const list = await listActiveCoupons(db, now);
  const week = now.getTime() + 7 * 86_400_000;
  const expiry = (c: Coupon) => (c.expiryDate ? new Date(c.expiryDate).getTime() : Number.POSITIVE_INFINITY);
  const soon = list.filter((c) => expiry(c) <= week).sort((a, b) => expiry(a) - expiry(b));
  return [...soon, ...list.filter((c) => expiry(c) > week)];
}
