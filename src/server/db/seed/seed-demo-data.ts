import { count, eq, inArray, like, sql } from 'drizzle-orm';
import { computeEntryHash, drawWinningTickets, hashServerSeed } from '../../../domain/giveaway-draw';
import { hashEntryList } from '../../../domain/giveaway-verify';
import { recordPoints } from '../../modules/points/service';
import type { Db } from '../client';
import {
  blogPosts,
  coupons,
  featuredFirm,
  giveawayEntries,
  giveaways,
  newsletterSubscribers,
  payoutMethods,
  platforms,
  propFirms,
  quickUpdates,
  reviews,
  unlistedFirms,
  users,
} from '../schema';
import {
  buildDemoCoupons,
  buildDemoGiveaways,
  buildDemoPosts,
  buildDemoQuickUpdates,
  buildDemoReviews,
  buildDemoSubscribers,
  buildDemoUsers,
  DEMO_EMAIL_DOMAIN,
  DEMO_USER_PREFIX,
} from './demo-content';
import {
  buildDemoFirmBundles,
  DEMO_PAYOUT_METHODS,
  DEMO_PLATFORMS,
  DEMO_UNLISTED_FIRMS,
  FEATURED_FIRM_SLUG,
} from './demo-firms';
import { slugify } from './factories';
import { insertFirmBundles } from './firm-bundles';

export interface SeedSummary {
  firms: number;
  fundingModels: number;
  accounts: number;
  unlistedFirms: number;
  coupons: number;
  blogPosts: number;
  quickUpdates: number;
  users: number;
  reviews: number;
  giveaways: number;
  giveawayEntries: number;
  newsletterSubscribers: number;
}

// Serialises concurrent first starts of several app nodes on one PostgreSQL.
const SEED_LOCK_KEY = 720_431_977;

/** Inserts the whole demo data set; the caller decides about the transaction. */
async function insertDemoData(db: Db, now: Date): Promise<SeedSummary> {
  await db
    .insert(platforms)
    .values(DEMO_PLATFORMS.map((name) => ({ name, logo: `/images/platforms/${slugify(name)}.svg` })));
  await db
    .insert(payoutMethods)
    .values(
      DEMO_PAYOUT_METHODS.map((name) => ({ name, logo: `/images/payout-methods/${slugify(name)}.svg` })),
    );

  const bundles = buildDemoFirmBundles();
  const firmIds = await insertFirmBundles(db, bundles);
  await db
    .insert(featuredFirm)
    .values({ id: 1, propFirmId: firmIds.get(FEATURED_FIRM_SLUG)! })
    .onConflictDoUpdate({
      target: featuredFirm.id,
      set: { propFirmId: firmIds.get(FEATURED_FIRM_SLUG)!, updatedAt: now },
    });
  await db.insert(unlistedFirms).values(DEMO_UNLISTED_FIRMS);

  const demoUsers = buildDemoUsers(now);
  await db.insert(users).values(demoUsers);
  const userIds = demoUsers.map((u) => u.id);
  // Opening balances, through the ledger like every other points change.
  for (const [i, userId] of userIds.entries()) {
    const opening = (i * 37) % 400;
    if (opening === 0) continue;
    await recordPoints(db, {
      userId,
      delta: opening,
      reason: 'admin_adjustment',
      reference: 'demo opening balance',
      idempotencyKey: `demo-opening:${userId}`,
    });
  }
  const demoReviews = buildDemoReviews(firmIds, userIds, now);
  await db.insert(reviews).values(demoReviews);

  const demoCoupons = buildDemoCoupons(firmIds, now);
  await db.insert(coupons).values(demoCoupons);
  const posts = buildDemoPosts(firmIds, now);
  await db.insert(blogPosts).values(posts);
  const updates = buildDemoQuickUpdates(now);
  await db.insert(quickUpdates).values(updates);

  let entryCount = 0;
  const specs = buildDemoGiveaways(firmIds, now);
  for (const { giveaway, entrants } of specs) {
    const serverSeedHash = await hashServerSeed(giveaway.serverSeed);
    const entries = await Promise.all(
      entrants.map(async (userIndex, i) => ({
        userId: userIds[userIndex],
        ticketNumber: i + 1,
        socialMediaHandle: i % 4 === 3 ? null : `@${demoUsers[userIndex].username}`,
        entryHash: await computeEntryHash(serverSeedHash, i + 1, userIds[userIndex]),
        createdAt: new Date(giveaway.startDate.getTime() + (i + 1) * 3 * 60 * 60 * 1000),
      })),
    );
    let winnerTicketNumbers: number[] = [];
    if (giveaway.status === 'completed') {
      winnerTicketNumbers = await drawWinningTickets({
        serverSeed: giveaway.serverSeed,
        clientSeed: giveaway.clientSeed ?? null,
        ticketNumbers: entries.map((e) => e.ticketNumber),
        winnerCount: giveaway.winnerCount ?? 1,
      });
    }
    const winnerUserIds = winnerTicketNumbers.map((t) => entries.find((e) => e.ticketNumber === t)!.userId);
    // In the order the live site goes through: open, entries, the list fixed and committed, the
    // draw. The database refuses entries to a giveaway whose list is closed (decision 0022).
    const [row] = await db
      .insert(giveaways)
      .values({ ...giveaway, status: 'active', serverSeedHash })
      .returning({ id: giveaways.id });
    await db.insert(giveawayEntries).values(entries.map((e) => ({ ...e, giveawayId: row.id })));
    if (giveaway.status === 'completed') {
      const closedAt = giveaway.endDate;
      await db
        .update(giveaways)
        .set({ entriesClosedAt: closedAt, entryListHash: await hashEntryList(entries) })
        .where(eq(giveaways.id, row.id));
      await db
        .update(giveaways)
        .set({ status: 'completed', winnerTicketNumbers, winnerUserIds })
        .where(eq(giveaways.id, row.id));
    }
    entryCount += entries.length;
  }

  const subscribers = buildDemoSubscribers(now);
  await db.insert(newsletterSubscribers).values(subscribers);

  return {
    firms: bundles.length,
    fundingModels: bundles.reduce((n, b) => n + b.models.length, 0),
    accounts: bundles.reduce((n, b) => n + b.models.reduce((k, m) => k + m.accounts.length, 0), 0),
    unlistedFirms: DEMO_UNLISTED_FIRMS.length,
    coupons: demoCoupons.length,
    blogPosts: posts.length,
    quickUpdates: updates.length,
    users: demoUsers.length,
    reviews: demoReviews.length,
    giveaways: specs.length,
    giveawayEntries: entryCount,
    newsletterSubscribers: subscribers.length,
  };
}

/** Inserts the demo data set in one transaction. Expects no demo data to be present. */
export function seedDemoData(db: Db, now = new Date()): Promise<SeedSummary> {
  return db.transaction((tx) => insertDemoData(tx, now));
}

/** Seeds only when there are no firms yet; returns null when it did nothing. */
export function seedDemoDataIfEmpty(db: Db, now = new Date()): Promise<SeedSummary | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ n }] = await tx.select({ n: count() }).from(propFirms);
    if (n > 0) return null;
    return insertDemoData(tx, now);
  });
}

/**
 * Removes the demo content (firms and everything they own, coupons, posts, updates, giveaways,
 * platforms, payout methods) and the demo users and subscribers. Real accounts, their sessions and
 * analytics stay; their reviews of demo firms go with the firms.
 */
export function deleteDemoData(db: Db): Promise<void> {
  return db.transaction(async (tx) => {
    // Closed giveaways are refused deletion by the database (decision 0022) unless the
    // transaction declares it removes the whole demo.
    await tx.execute(sql`select set_config('pfc.purge_giveaways', 'on', true)`);
    await tx.delete(giveaways);
    await tx.delete(coupons);
    await tx.delete(blogPosts);
    await tx.delete(quickUpdates);
    await tx.delete(featuredFirm);
    await tx.delete(propFirms);
    await tx.delete(unlistedFirms);
    await tx.delete(platforms);
    await tx.delete(payoutMethods);
    await tx.delete(newsletterSubscribers).where(like(newsletterSubscribers.email, `%@${DEMO_EMAIL_DOMAIN}`));
    const demoUserIds = (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(like(users.id, `${DEMO_USER_PREFIX}%`))
    ).map((u) => u.id);
    if (demoUserIds.length > 0) await tx.delete(users).where(inArray(users.id, demoUserIds));
  });
}

/** The number of listed firms, for CLI messages. */
export async function countListedFirms(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(propFirms).where(eq(propFirms.status, 'listed'));
  return n;
}
