import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/setup/test-database';
import { computeEntryHash, drawWinningTickets, sha256Hex } from '../../../domain/giveaway-draw';
import { hashEntryList, VERIFICATION_FORMAT, verifyGiveaway } from '../../../domain/giveaway-verify';
import { hammingDistance64, IMAGE_HASH_NEAR_BITS } from '../../../domain/payout-rules';
import { LocalStorage } from '../../lib/storage';
import { rollUpPendingAnalytics } from '../../modules/analytics/rollups';
import type { Database } from '../client';
import { findPackageRoot } from '../migrate';
import {
  analyticsDailyCounts,
  blogPosts,
  contactMessages,
  coupons,
  featuredFirm,
  firmAccounts,
  firmChangeRequests,
  firmPayoutMethods,
  firmPayoutRecords,
  firmPayoutTierHistory,
  firmPlatforms,
  firmReplies,
  firmRepresentatives,
  firmRuleChanges,
  fundingModels,
  giveawayEntries,
  giveaways,
  pageViews,
  payoutMethods,
  payoutReportImages,
  payoutReports,
  platforms,
  propFirms,
  quickUpdates,
  reviews,
  unlistedFirms,
  users,
} from '../schema';
import { DEMO_TRAFFIC_DAYS } from './demo-traffic';
import {
  buildBlogPost,
  buildCoupon,
  buildFirm,
  buildGiveaway,
  insertAccount,
  insertGiveawayEntry,
  insertUser,
  insertUserReview,
} from './factories';
import { ensurePlatformsAndPayoutMethods, insertFirmBundles } from './firm-bundles';
import { generateFirms } from './firm-generator';
import { seedGeneratedFirms } from './generated-firms';
import { deleteDemoData, seedDemoData, seedDemoDataIfEmpty } from './seed-demo-data';

const DAY = 24 * 60 * 60 * 1000;

describe('demo data', () => {
  let database: Database;
  let db: Database['db'];
  let storage: LocalStorage;
  const now = new Date();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const started = performance.now();
    storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), 'pfc-seed-')));
    await seedDemoData(db, now, storage);
    console.log(`seedDemoData took ${Math.round(performance.now() - started)} ms on ${database.kind}`);
  });
  afterAll(() => database.close());

  it('has payout reports of every tier, pending ones and a flagged recycled screenshot pair', async () => {
    const tiers = await db.select({ tier: firmPayoutRecords.tier }).from(firmPayoutRecords);
    expect(new Set(tiers.map((t) => t.tier))).toEqual(new Set(['high', 'medium', 'low', 'insufficient']));
    const reports = await db.select().from(payoutReports);
    expect(new Set(reports.filter((r) => r.status === 'verified').map((r) => r.grade))).toEqual(
      new Set(['on_chain', 'processor_receipt', 'bank_statement', 'screenshot']),
    );
    expect(reports.filter((r) => r.kind === 'denied' && r.status === 'verified').length).toBeGreaterThan(0);
    expect(reports.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(3);
    expect(reports.some((r) => r.revokedAt)).toBe(true);
    const flagged = reports.find((r) => r.flags.some((f) => f.kind === 'recycled_image'));
    const related = flagged?.flags[0].relatedReportId;
    const images = await db.select().from(payoutReportImages);
    const hashOf = (id: number | null | undefined) => images.find((i) => i.reportId === id)?.imageHash ?? 0n;
    expect(hashOf(flagged?.id)).not.toBe(0n);
    expect(hammingDistance64(hashOf(flagged?.id), hashOf(related))).toBeLessThanOrEqual(IMAGE_HASH_NEAR_BITS);
    for (const image of images) expect(await storage.read(image.storageKey, 'private')).not.toBeNull();
    const history = await db.select().from(firmPayoutTierHistory);
    expect(history.length).toBeGreaterThan(tiers.length);
  });

  it("has rule changes whose prices are written as the editor's saves write them (cents, no float noise)", async () => {
    const prices = await db
      .select({ oldValue: firmRuleChanges.oldValue, newValue: firmRuleChanges.newValue })
      .from(firmRuleChanges)
      .where(eq(firmRuleChanges.field, 'accountPrice'));
    expect(prices.length).toBeGreaterThan(0);
    for (const { oldValue, newValue } of prices) {
      expect(oldValue).toMatch(/^\d+\.\d{2}$/);
      expect(newValue).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('lists at least 30 firms across CFD/Forex, Futures and Crypto with every trust rating', async () => {
    const firms = await db.select().from(propFirms);
    expect(firms.filter((f) => f.status === 'listed').length).toBeGreaterThanOrEqual(30);
    const types = firms.map((f) => (f.assetType ?? '').toLowerCase());
    for (const cls of ['forex', 'futures', 'crypto']) expect(types.some((t) => t.includes(cls))).toBe(true);
    const ratings = new Set(firms.map((f) => f.trustRating));
    for (const r of ['approved', 'trusted', 'caution', 'avoid', 'not tested', null])
      expect(ratings).toContain(r);
    const [featured] = await db.select().from(featuredFirm);
    expect(firms.find((f) => f.id === featured.propFirmId)?.slug).toBe('northbridge');
  });

  it('gives every firm 1-4 complete funding models with accounts that agree with its price and funding ranges', async () => {
    const firms = await db.select().from(propFirms);
    const models = await db.select().from(fundingModels);
    const accounts = await db.select().from(firmAccounts);
    for (const firm of firms) {
      const own = models.filter((m) => m.propFirmId === firm.id);
      expect(own.length, firm.name).toBeGreaterThanOrEqual(1);
      expect(own.length, firm.name).toBeLessThanOrEqual(4);
      const ownAccounts = accounts.filter((a) => a.propFirmId === firm.id);
      expect(Math.min(...ownAccounts.map((a) => a.price))).toBe(firm.accountPriceMin);
      expect(Math.max(...ownAccounts.map((a) => a.price))).toBe(firm.accountPriceMax);
      expect(Math.min(...ownAccounts.map((a) => a.capital))).toBe(firm.fundingMin);
      expect(Math.max(...ownAccounts.map((a) => a.capital))).toBe(firm.fundingMax);
      expect(firm.description?.split('\n').length).toBeGreaterThanOrEqual(3);
      expect(firm.watchOutFor?.split('\n').length).toBeGreaterThanOrEqual(2);
      expect(firm.website).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      if (firm.trustRating && firm.trustRating !== 'not tested') {
        expect(firm.ratingOverview && firm.ratingSustainability && firm.ratingThirdPartyReviews).toBeTruthy();
      }
    }
    for (const m of models) {
      const own = accounts.filter((a) => a.fundingModelId === m.id);
      expect(own.length, m.name).toBeGreaterThan(0);
      expect(m.leverage).toBeGreaterThanOrEqual(2);
      expect(m.leverage).toBeLessThanOrEqual(100);
      expect(m.profitSplit).toBeGreaterThanOrEqual(70);
      expect(m.profitSplit).toBeLessThanOrEqual(100);
      expect(
        m.payoutFrequency && m.newsTrading && m.drawdownType && m.payoutRequirements && m.type,
      ).toBeTruthy();
      expect(m.minimumPayout).toBeGreaterThan(0);
      expect(m.maximumDrawdown).toBeGreaterThan(0);
      if (m.dailyDrawdown !== null) expect(m.dailyDrawdown).toBeLessThan(m.maximumDrawdown!);
      expect(m.features.length).toBeGreaterThan(0);
      if (m.consistencyRule) expect(m.consistencyPercentage).toBeGreaterThan(0);
      for (const a of own) {
        expect(a.capital).toBeGreaterThanOrEqual(5_000);
        expect(a.capital).toBeLessThanOrEqual(400_000);
        expect(a.maxContracts !== null).toBe(m.assetType === 'Futures');
        if (a.pricingType === 'monthly') expect(m.assetType).toBe('Futures');
      }
    }
    expect(models.some((m) => m.consistencyRule)).toBe(true);
    expect(accounts.some((a) => a.pricingType === 'monthly')).toBe(true);
    expect(accounts.some((a) => a.pricingType === 'one-time')).toBe(true);
    const [{ n: platformLinks }] = await db.select({ n: count() }).from(firmPlatforms);
    const [{ n: methodLinks }] = await db.select({ n: count() }).from(firmPayoutMethods);
    expect(platformLinks).toBeGreaterThanOrEqual(firms.length);
    expect(methodLinks).toBeGreaterThanOrEqual(firms.length);
  });

  it('has at least 8 unlisted firms in all three statuses, some with long descriptions', async () => {
    const rows = await db.select().from(unlistedFirms);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['listing_pending', 'not_yet_listed', 'not_qualified']),
    );
    expect(rows.some((r) => (r.description ?? '').length > 70)).toBe(true);
    expect(rows.some((r) => (r.description ?? '').length <= 70)).toBe(true);
  });

  it('has coupons in every state', async () => {
    const rows = await db.select().from(coupons);
    const t = now.getTime();
    const live = rows.filter((c) => c.isActive && (!c.expiryDate || c.expiryDate.getTime() > t));
    expect(live.filter((c) => !c.expiryDate || c.expiryDate.getTime() > t + 7 * DAY).length).toBeGreaterThan(
      2,
    );
    expect(
      live.filter((c) => c.expiryDate && c.expiryDate.getTime() <= t + 7 * DAY).length,
    ).toBeGreaterThanOrEqual(2);
    expect(rows.filter((c) => c.expiryDate && c.expiryDate.getTime() < t).length).toBeGreaterThanOrEqual(2);
    expect(rows.some((c) => !c.isActive)).toBe(true);
    expect(live.some((c) => c.featured)).toBe(true);
    expect(rows.some((c) => !c.image && !c.logo && c.propFirmId)).toBe(true);
    expect(rows.some((c) => !c.image && !c.logo && !c.propFirmId)).toBe(true);
    expect(rows.some((c) => c.discountPercent === null && /\d+%/.test(c.description ?? ''))).toBe(true);
    expect(rows.some((c) => c.slug && c.terms?.includes('<'))).toBe(true);
    expect(rows.some((c) => c.usageCount > 0)).toBe(true);
  });

  it('has published and draft posts, two of them templated with existing firms, and quick updates', async () => {
    const posts = await db.select().from(blogPosts);
    const published = posts.filter((p) => p.published);
    expect(published.length).toBeGreaterThanOrEqual(12);
    expect(posts.some((p) => !p.published)).toBe(true);
    expect(new Set(published.map((p) => p.category))).toEqual(new Set(['review', 'article', null]));
    expect(published.some((p) => p.author === null)).toBe(true);
    const templated = published.filter((p) => p.templateEnabled);
    expect(templated).toHaveLength(2);
    const firmIds = new Set((await db.select({ id: propFirms.id }).from(propFirms)).map((f) => f.id));
    for (const post of templated) {
      const data = post.templateData?.data;
      expect(data?.introContent).toContain('<p>');
      expect(data?.outroContent).toContain('<p>');
      for (const id of data?.selectedFirmIds ?? []) expect(firmIds.has(id)).toBe(true);
      for (const key of Object.keys(data?.perFirmNotes ?? {}))
        expect(data?.selectedFirmIds).toContain(Number(key));
    }
    const updates = await db.select().from(quickUpdates);
    expect(updates.length).toBeGreaterThanOrEqual(6);
    expect(updates.some((u) => u.content.length > 150)).toBe(true);
    expect(updates.some((u) => !u.published)).toBe(true);
  });

  it('has manual reviews and reviews by verified demo users', async () => {
    const rows = await db.select().from(reviews);
    const manual = rows.filter((r) => r.isManual);
    const fromUsers = rows.filter((r) => !r.isManual);
    expect(manual.length).toBeGreaterThan(5);
    expect(manual.every((r) => r.authorName && r.source && r.userId === null)).toBe(true);
    expect(fromUsers.length).toBeGreaterThan(5);
    const demoUsers = await db.select().from(users);
    for (const r of fromUsers) expect(demoUsers.find((u) => u.id === r.userId)?.emailVerified).toBe(true);
  });

  it("gives the claimed firm its representative's replies and one correction waiting for an admin", async () => {
    const [rep] = await db.select().from(firmRepresentatives);
    expect(rep).toBeTruthy();
    const replies = await db.select().from(firmReplies).where(eq(firmReplies.propFirmId, rep.propFirmId));
    const answered = replies.filter((r) => r.reviewId !== null).length;
    const published = await db.$count(
      reviews,
      and(eq(reviews.propFirmId, rep.propFirmId), eq(reviews.status, 'published')),
    );
    // Some reviews answered, at least one left waiting (the console's list is not empty).
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(answered).toBeLessThan(published);
    expect(replies.filter((r) => r.payoutReportId !== null).length).toBe(1);
    expect(replies.every((r) => r.status === 'published' && r.authorId === rep.userId)).toBe(true);
    const requests = await db.select().from(firmChangeRequests);
    expect(requests).toMatchObject([
      { propFirmId: rep.propFirmId, status: 'pending', requestedBy: rep.userId },
    ]);
    const [price] = requests[0].base.fundingModels[0].accounts.map((a) => a.price);
    expect(requests[0].proposal.fundingModels[0].accounts[0].price).toBeLessThan(price);
  });

  it('has an open giveaway and a completed one whose winners follow the published draw', async () => {
    const rows = await db.select().from(giveaways);
    const active = rows.find((g) => g.status === 'active');
    const completed = rows.find((g) => g.status === 'completed');
    expect(active && active.endDate.getTime() > now.getTime()).toBe(true);
    expect(completed?.completedAt).toBeTruthy();
    for (const g of rows) {
      expect(g.serverSeedHash).toBe(await sha256Hex(g.serverSeed));
      const entries = await db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
      expect(entries.length).toBeGreaterThan(0);
      for (const e of entries)
        expect(e.entryHash).toBe(await computeEntryHash(g.serverSeedHash, e.ticketNumber, e.userId));
    }
    const entries = await db
      .select()
      .from(giveawayEntries)
      .where(eq(giveawayEntries.giveawayId, completed!.id));
    const drawn = await drawWinningTickets({
      serverSeed: completed!.serverSeed,
      clientSeed: completed!.clientSeed,
      ticketNumbers: entries.map((e) => e.ticketNumber),
      winnerCount: completed!.winnerCount,
    });
    expect(completed!.winnerTicketNumbers).toEqual(drawn);
    expect(drawn).toHaveLength(completed!.winnerCount);
    expect(completed!.winnerUserIds).toEqual(
      drawn.map((t) => entries.find((e) => e.ticketNumber === t)!.userId),
    );
    expect(active!.winnerTicketNumbers).toEqual([]);
    expect(active!.clientSeedSource).toBeTruthy();
    expect(active!.entriesClosedAt).toBeNull();
    // The completed one's entry list was committed before its draw, so the whole record verifies.
    expect(completed!.entryListHash).toBe(await hashEntryList(entries));
    const report = await verifyGiveaway({
      format: VERIFICATION_FORMAT,
      giveaway: {
        ...completed!,
        startDate: completed!.startDate.toISOString(),
        endDate: completed!.endDate.toISOString(),
        completedAt: completed!.completedAt!.toISOString(),
        entriesClosedAt: completed!.entriesClosedAt!.toISOString(),
      },
      entries,
    });
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('references only images that exist under public/', async () => {
    const paths = [
      ...(await db.select({ p: propFirms.logo }).from(propFirms)),
      ...(await db.select({ p: unlistedFirms.logo }).from(unlistedFirms)),
      ...(await db.select({ p: platforms.logo }).from(platforms)),
      ...(await db.select({ p: payoutMethods.logo }).from(payoutMethods)),
      ...(await db.select({ p: coupons.image }).from(coupons)),
      ...(await db.select({ p: coupons.logo }).from(coupons)),
      ...(await db.select({ p: blogPosts.featuredImage }).from(blogPosts)),
      ...(await db.select({ p: giveaways.giveawayImage }).from(giveaways)),
    ]
      .map((r) => r.p)
      .filter((p): p is string => Boolean(p));
    expect(paths.length).toBeGreaterThan(60);
    const publicDir = path.join(findPackageRoot(), 'public');
    const missing = paths.filter((p) => !p.startsWith('/images/') || !existsSync(path.join(publicDir, p)));
    expect(missing).toEqual([]);
    expect(existsSync(path.join(publicDir, 'og-default.png'))).toBe(true);
  });

  it('does not seed twice, and a reset keeps real users while reseeding the demo', async () => {
    expect(await seedDemoDataIfEmpty(db, now)).toBeNull();
    const realUser = await insertUser(db);
    const demoViews = await db.$count(pageViews);
    const demoMessages = await db.$count(contactMessages);
    expect(demoViews).toBeGreaterThan(1000);
    // Crawlers too, every day of the four weeks, the last one included.
    expect(await db.$count(pageViews, eq(pageViews.isBot, true))).toBeGreaterThanOrEqual(
      DEMO_TRAFFIC_DAYS * 4,
    );
    const lastDay = new Date(now.getTime() - 86_400_000);
    expect(
      await db.$count(pageViews, and(eq(pageViews.isBot, true), gte(pageViews.createdAt, lastDay))),
    ).toBeGreaterThan(0);
    expect(demoMessages).toBe(3);
    await rollUpPendingAnalytics(db);
    expect(await db.$count(analyticsDailyCounts, eq(analyticsDailyCounts.kind, 'views'))).toBeGreaterThan(0);
    await deleteDemoData(db);
    expect(await db.$count(pageViews)).toBe(0);
    // Nor in the rollups the dashboards read.
    expect(await db.$count(analyticsDailyCounts, eq(analyticsDailyCounts.kind, 'views'))).toBe(0);
    expect(await db.$count(contactMessages)).toBe(0);
    const [{ n: firmsAfterDelete }] = await db.select({ n: count() }).from(propFirms);
    expect(firmsAfterDelete).toBe(0);
    const remaining = await db.select({ id: users.id }).from(users);
    expect(remaining.map((u) => u.id)).toEqual([realUser.id]);
    const summary = await seedDemoDataIfEmpty(db, now);
    expect(summary?.firms).toBeGreaterThanOrEqual(30);
    // The same generated traffic again, not twice as much.
    expect(await db.$count(pageViews)).toBe(demoViews);
    expect(summary?.pageViews).toBe(demoViews);
  });
});

describe('factories', () => {
  let database: Database;
  let db: Database['db'];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('build unique slugs and codes', () => {
    const firms = Array.from({ length: 100 }, () => buildFirm());
    const named = Array.from({ length: 10 }, () => buildFirm({ name: 'Same Name' }));
    expect(new Set([...firms, ...named].map((f) => f.slug)).size).toBe(110);
    expect(new Set(Array.from({ length: 100 }, () => buildBlogPost().slug)).size).toBe(100);
    const deals = Array.from({ length: 100 }, () => buildCoupon());
    expect(new Set(deals.map((c) => c.slug)).size).toBe(100);
    expect(new Set(deals.map((c) => c.code)).size).toBe(100);
    expect(new Set(Array.from({ length: 100 }, () => buildGiveaway().slug)).size).toBe(100);
  });

  it('gives generated firms verified payout reports and their records with tiers', async () => {
    const local = await createTestDatabase();
    try {
      const slugs = await seedGeneratedFirms(local.db, 60, 77);
      const reports = await local.db.select().from(payoutReports);
      const records = await local.db.select().from(firmPayoutRecords);
      expect(slugs).toHaveLength(60);
      expect(reports.length).toBeGreaterThan(60);
      expect(reports.every((r) => r.status === 'verified')).toBe(true);
      expect(records.length).toBeGreaterThan(30);
      expect(new Set(records.map((r) => r.tier)).size).toBeGreaterThan(1);
    } finally {
      await local.close();
    }
  });

  it('generates the same firms for the same seed, with unique slugs', () => {
    const a = generateFirms(500, 42);
    expect(generateFirms(500, 42)).toEqual(a);
    expect(generateFirms(20, 43).map((b) => b.firm.slug)).not.toEqual(a.slice(0, 20).map((b) => b.firm.slug));
    expect(new Set(a.map((b) => b.firm.slug)).size).toBe(500);
    for (const b of a) {
      expect(b.models.length).toBeGreaterThanOrEqual(1);
      expect(b.models.length).toBeLessThanOrEqual(4);
      expect(b.models.every((m) => m.accounts.length > 0)).toBe(true);
    }
  });

  it('bulk-inserts generated firms with their models, accounts and links', async () => {
    const bundles = generateFirms(300, 7);
    await ensurePlatformsAndPayoutMethods(db, bundles);
    const ids = await insertFirmBundles(db, bundles);
    expect(ids.size).toBe(300);
    const [{ n: models }] = await db.select({ n: count() }).from(fundingModels);
    const [{ n: accounts }] = await db.select({ n: count() }).from(firmAccounts);
    expect(models).toBe(bundles.reduce((n, b) => n + b.models.length, 0));
    expect(accounts).toBe(
      bundles.reduce((n, b) => n + b.models.reduce((k, m) => k + m.accounts.length, 0), 0),
    );
    const sample = bundles[123];
    const rows = await db
      .select({ capital: firmAccounts.capital, model: fundingModels.name })
      .from(firmAccounts)
      .innerJoin(fundingModels, eq(fundingModels.id, firmAccounts.fundingModelId))
      .where(eq(firmAccounts.propFirmId, ids.get(sample.firm.slug)!));
    expect(rows.map((r) => `${r.model}:${r.capital}`).sort()).toEqual(
      sample.models.flatMap((m) => m.accounts.map((a) => `${m.model.name}:${a.capital}`)).sort(),
    );
  });

  it('create missing parents and keep giveaway entry hashes consistent', async () => {
    const account = await insertAccount(db);
    const [model] = await db.select().from(fundingModels).where(eq(fundingModels.id, account.fundingModelId));
    expect(model.propFirmId).toBe(account.propFirmId);
    const review = await insertUserReview(db);
    expect(review.isManual).toBe(false);
    expect(review.userId).toBeTruthy();
    const first = await insertGiveawayEntry(db);
    const second = await insertGiveawayEntry(db, { giveawayId: first.giveawayId });
    expect(second.ticketNumber).toBe(first.ticketNumber + 1);
    const [g] = await db.select().from(giveaways).where(eq(giveaways.id, first.giveawayId));
    expect(g.serverSeedHash).toBe(await sha256Hex(g.serverSeed));
    expect(second.entryHash).toBe(
      await computeEntryHash(g.serverSeedHash, second.ticketNumber, second.userId),
    );
  });
});
