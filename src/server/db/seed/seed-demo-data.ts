import { count, eq, inArray, like, sql } from 'drizzle-orm';
import { computeEntryHash, drawWinningTickets, hashServerSeed } from '../../../domain/giveaway-draw';
import { hashEntryList } from '../../../domain/giveaway-verify';
import { slugify } from '../../../domain/slug';
import type { Storage } from '../../lib/storage';
import { rollUpAnalyticsSince } from '../../modules/analytics/service';
import { recordPoints, seedDemoPoints } from '../../modules/points/service';
import type { Db } from '../client';
import {
  activityLogs,
  blogPosts,
  contactMessages,
  contactReplies,
  coupons,
  featuredFirm,
  firmRuleChanges,
  giveawayEntries,
  giveaways,
  newsletterSubscribers,
  pageViews,
  payoutMethods,
  platforms,
  propFirms,
  quickUpdates,
  reviewReports,
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
import { seedDemoFirmVoice } from './demo-firm-voice';
import {
  buildDemoFirmBundles,
  DEMO_PAYOUT_METHODS,
  DEMO_PLATFORMS,
  DEMO_UNLISTED_FIRMS,
  FEATURED_FIRM_SLUG,
} from './demo-firms';
import { seedDemoPayoutReports } from './demo-payout-reports';
import { seedDemoPriceHistory, seedDemoSavedSearch } from './demo-price-history';
import { seedDemoRepresentative } from './demo-representative';
import { DEMO_SESSION_PREFIX, seedDemoTraffic } from './demo-traffic';
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
  /** Generated visitor traffic of the last four weeks (demo-traffic.ts). */
  pageViews: number;
  /** Twelve months of account prices (demo-price-history.ts). */
  priceHistoryRows: number;
  /** Payout reports of every status and grade (demo-payout-reports.ts). */
  payoutReports: number;
}

// Serialises concurrent first starts of several app nodes on one PostgreSQL.
const SEED_LOCK_KEY = 720_431_977;

const DAY_MS = 86_400_000;

/**
 * A few past rule changes of the first three demo firms, ending at today's values, so their
 * 'Rule changes' timelines have a history to show.
 */
function buildDemoRuleChanges(
  bundles: ReturnType<typeof buildDemoFirmBundles>,
  firmIds: Map<string, number>,
  now: Date,
): (typeof firmRuleChanges.$inferInsert)[] {
  const rows: (typeof firmRuleChanges.$inferInsert)[] = [];
  for (const [index, bundle] of bundles.slice(0, 3).entries()) {
    const propFirmId = firmIds.get(bundle.firm.slug);
    const first = bundle.models[0];
    if (!propFirmId || !first) continue;
    const { model, accounts } = first;
    const older = new Date(now.getTime() - (60 + index * 7) * DAY_MS);
    const recent = new Date(now.getTime() - (9 + index * 3) * DAY_MS);
    const base = { propFirmId, fundingModelName: model.name };
    if (model.dailyDrawdown != null && model.dailyDrawdown > 0)
      rows.push({
        ...base,
        batchId: `demo-${index}-a`,
        field: 'dailyDrawdown',
        oldValue: String(model.dailyDrawdown + 1),
        newValue: String(model.dailyDrawdown),
        createdAt: older,
      });
    if (model.profitSplit != null && model.profitSplit > 10)
      rows.push({
        ...base,
        batchId: `demo-${index}-a`,
        field: 'profitSplit',
        oldValue: String(model.profitSplit - 10),
        newValue: String(model.profitSplit),
        createdAt: older,
      });
    const account = accounts[0];
    if (account)
      rows.push({
        ...base,
        batchId: `demo-${index}-b`,
        accountSize: account.capital,
        field: 'accountPrice',
        oldValue: (Number(account.price) + 20).toFixed(2),
        newValue: String(account.price),
        createdAt: recent,
      });
  }
  return rows;
}

/**
 * Inserts the whole demo data set; the caller decides about the transaction. `storage` takes the
 * demo's private evidence images (the recycled screenshot pair); without it they are left out.
 */
async function insertDemoData(db: Db, now: Date, storage?: Storage): Promise<SeedSummary> {
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
  const ruleChanges = buildDemoRuleChanges(bundles, firmIds, now);
  if (ruleChanges.length) await db.insert(firmRuleChanges).values(ruleChanges);

  const demoUsers = buildDemoUsers(now);
  await db.insert(users).values(demoUsers);
  // The first firm is a claimed profile, with the demo representative.
  await seedDemoRepresentative(
    db,
    { id: firmIds.get(bundles[0].firm.slug)!, website: bundles[0].firm.website ?? null },
    now,
  );
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
  const reviewRows = await db
    .insert(reviews)
    .values(demoReviews)
    .returning({ id: reviews.id, userId: reviews.userId, createdAt: reviews.createdAt });
  // The moderation queue is not empty on a fresh clone: two reviews the checks held, one reported.
  const newest = [...reviewRows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const held = newest.filter((r) => r.userId).slice(0, 2);
  for (const r of held) {
    await db
      .update(reviews)
      .set({ status: 'held', autoChecks: ['burst'] })
      .where(eq(reviews.id, r.id));
  }
  const reported = newest.find((r) => r.userId && !held.includes(r));
  if (reported) {
    const reporters = userIds.filter((id) => id !== reported.userId).slice(0, 2);
    await db.insert(reviewReports).values(
      reporters.map((userId, i) => ({
        reviewId: reported.id,
        userId,
        reason: i === 0 ? 'fake' : 'spam',
        note: i === 0 ? 'Reads like the firm wrote it.' : null,
      })),
    );
  }
  await seedDemoPoints(db, { userIds, firmIds: [...firmIds.values()], now });
  const payoutReportCount = await seedDemoPayoutReports(db, { firmIds, userIds, now, storage });
  await seedDemoFirmVoice(db, firmIds.get(bundles[0].firm.slug)!, now);

  const demoCoupons = buildDemoCoupons(firmIds, now);
  const couponRows = await db.insert(coupons).values(demoCoupons).returning({ id: coupons.id });
  const priceHistoryRows = await seedDemoPriceHistory(db, [...firmIds.values()], now);
  await seedDemoSavedSearch(db, userIds[0], now);
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

  // A few messages in the admin inbox: two waiting, one answered.
  const messages = await db
    .insert(contactMessages)
    .values([
      {
        name: 'Priya N.',
        email: `priya@${DEMO_EMAIL_DOMAIN}`,
        topic: 'Firm listing',
        message: 'Could you add Falcon Ridge Funding? They started offering futures evaluations this month.',
        createdAt: new Date(now.getTime() - 2 * 86_400_000),
      },
      {
        name: 'Marco D.',
        email: `marco@${DEMO_EMAIL_DOMAIN}`,
        topic: 'Coupon or deal',
        message: 'The Northbridge code from your deals page was refused at checkout yesterday.',
        createdAt: new Date(now.getTime() - 86_400_000),
      },
      {
        name: 'Lee K.',
        email: `lee@${DEMO_EMAIL_DOMAIN}`,
        topic: 'General question',
        message: 'How is the trust rating calculated?',
        status: 'answered' as const,
        createdAt: new Date(now.getTime() - 5 * 86_400_000),
      },
    ])
    .returning({ id: contactMessages.id, status: contactMessages.status });
  const answered = messages.find((m) => m.status === 'answered');
  if (answered) {
    await db.insert(contactReplies).values({
      messageId: answered.id,
      adminEmail: 'admin@propfirmclub.test',
      body: 'Thanks for asking: the methodology page explains the six pillars and their weights.',
      createdAt: new Date(now.getTime() - 4 * 86_400_000),
    });
  }

  const pageViewCount = await seedDemoTraffic(db, {
    firms: bundles.map((b) => ({ id: firmIds.get(b.firm.slug)!, slug: b.firm.slug, name: b.firm.name })),
    couponIds: couponRows.map((c) => c.id),
    now,
  });
  // A copy of a code is a use, as the coupon's own counter says (coupons/service.ts recordCouponUse).
  await db.update(coupons).set({
    usageCount: sql`${coupons.usageCount} + (select count(*) from coupon_uses u where u.coupon_id = ${coupons.id})::int`,
  });

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
    pageViews: pageViewCount,
    payoutReports: payoutReportCount,
    priceHistoryRows,
  };
}

/** Inserts the demo data set in one transaction. Expects no demo data to be present. */
export function seedDemoData(db: Db, now = new Date(), storage?: Storage): Promise<SeedSummary> {
  return db.transaction((tx) => insertDemoData(tx, now, storage));
}

/** Seeds only when there are no firms yet; returns null when it did nothing. */
export function seedDemoDataIfEmpty(
  db: Db,
  now = new Date(),
  storage?: Storage,
): Promise<SeedSummary | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ n }] = await tx.select({ n: count() }).from(propFirms);
    if (n > 0) return null;
    return insertDemoData(tx, now, storage);
  });
}

/**
 * Removes the demo content (firms and everything they own, coupons, posts, updates, giveaways,
 * platforms, payout methods), the demo users, subscribers, messages and generated traffic. Real accounts, their sessions and
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
    await tx.delete(contactMessages).where(like(contactMessages.email, `%@${DEMO_EMAIL_DOMAIN}`));
    const demoTraffic = sql`session_id like ${`${DEMO_SESSION_PREFIX}%`}`;
    const [first] = await tx
      .select({
        day: sql<string | null>`(least(
          (select min(created_at) from page_views where ${demoTraffic}),
          (select min(created_at) from activity_logs where ${demoTraffic})
        ) at time zone 'UTC')::date::text`,
      })
      .from(sql`(select 1) as one`);
    await tx.delete(pageViews).where(like(pageViews.sessionId, `${DEMO_SESSION_PREFIX}%`));
    await tx.delete(activityLogs).where(like(activityLogs.sessionId, `${DEMO_SESSION_PREFIX}%`));
    // The dashboards read rollups: the days the demo traffic was in are rolled up again without it.
    if (first?.day) await rollUpAnalyticsSince(tx, first.day);
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
