import { desc, eq } from 'drizzle-orm';
import { isGiveawayOpen } from '../../../domain/giveaway-rules';
import { HOME_LIMITS, NEW_COUPON_DAYS, type OwnReview, type SignedInHome } from '../../../domain/home';
import type { Db } from '../../db/client';
import { giveawayEntries, propFirms, reviews } from '../../db/schema';
import { listNewCoupons } from '../coupons/service';
import { listGiveaways } from '../giveaways/service';
import { listOwnCashOuts } from './cash-outs';
import { listOwnClaims } from './cashback';
import { getPointsHistory } from './history';

const DAY_MS = 86_400_000;

async function listOwnReviews(db: Db, userId: string, limit: number): Promise<OwnReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      createdAt: reviews.createdAt,
      name: propFirms.name,
      slug: propFirms.slug,
      logo: propFirms.logo,
    })
    .from(reviews)
    .innerJoin(propFirms, eq(propFirms.id, reviews.propFirmId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map(({ name, slug, logo, createdAt, ...review }) => ({
    ...review,
    createdAt: createdAt.toISOString(),
    firm: { name, slug, logo },
  }));
}

/**
 * The signed-in home of spec section 2: the trader's balance and latest points, what waits for an
 * admin (claims, cash-outs), the giveaways they entered and the open ones they have not, this week's
 * new coupons and the firms they reviewed. Read for one user; never cached for anyone else.
 */
export async function getSignedInHome(db: Db, userId: string, now = new Date()): Promise<SignedInHome> {
  const [history, claims, cashOuts, giveaways, entries, newCoupons, ownReviews] = await Promise.all([
    getPointsHistory(db, userId, 1),
    listOwnClaims(db, userId),
    listOwnCashOuts(db, userId),
    listGiveaways(db),
    db
      .select({ giveawayId: giveawayEntries.giveawayId, ticketNumber: giveawayEntries.ticketNumber })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.userId, userId)),
    listNewCoupons(db, new Date(now.getTime() - NEW_COUPON_DAYS * DAY_MS), HOME_LIMITS.newCoupons, now),
    listOwnReviews(db, userId, HOME_LIMITS.reviews),
  ]);
  const ticketOf = new Map(entries.map((e) => [e.giveawayId, e.ticketNumber]));
  const entered = giveaways
    .filter((g) => ticketOf.has(g.id))
    .sort((a, b) => b.endDate.localeCompare(a.endDate))
    .map((giveaway) => ({
      giveaway,
      ticketNumber: ticketOf.get(giveaway.id) as number,
      won: giveaway.winnerUserIds.includes(userId),
    }));
  const open = giveaways
    .filter((g) => !ticketOf.has(g.id) && isGiveawayOpen(g, now.getTime()))
    .sort((a, b) => a.endDate.localeCompare(b.endDate))
    .slice(0, HOME_LIMITS.openGiveaways);
  return {
    points: { balance: history.balance, recent: history.entries.slice(0, HOME_LIMITS.recentPoints) },
    openClaims: claims.filter((c) => c.status === 'pending'),
    openCashOuts: cashOuts.filter((c) => c.status === 'pending'),
    enteredGiveaways: entered,
    openGiveaways: open,
    newCoupons,
    reviews: ownReviews,
  };
}
