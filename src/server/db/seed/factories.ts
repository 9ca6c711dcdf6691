// Test-data builders shared by the demo seed, the benchmarks and the integration tests. They live
// under src/ (not tests/) because the demo seed runs in production and src never imports tests.
import { createHash, randomBytes } from 'node:crypto';
import { eq, max } from 'drizzle-orm';
import type { Db } from '../client';
import {
  blogPosts,
  coupons,
  featuredFirm,
  firmAccounts,
  firmPayoutMethods,
  firmPlatforms,
  fundingModels,
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

export type NewFirm = typeof propFirms.$inferInsert;
export type NewFundingModel = typeof fundingModels.$inferInsert;
export type NewAccount = typeof firmAccounts.$inferInsert;
export type NewPlatform = typeof platforms.$inferInsert;
export type NewPayoutMethod = typeof payoutMethods.$inferInsert;
export type NewUnlistedFirm = typeof unlistedFirms.$inferInsert;
export type NewCoupon = typeof coupons.$inferInsert;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type NewQuickUpdate = typeof quickUpdates.$inferInsert;
export type NewReview = typeof reviews.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewGiveaway = typeof giveaways.$inferInsert;
export type NewGiveawayEntry = typeof giveawayEntries.$inferInsert;
export type NewNewsletterSubscriber = typeof newsletterSubscribers.$inferInsert;

// A per-process token keeps defaults unique when several processes share one database.
const processToken = randomBytes(3).toString('hex');
let counter = 0;
function nextId(): string {
  counter += 1;
  return `${counter}-${processToken}`;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

import { slugify } from '../../../domain/slug';

const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- firms and their children

export function buildFirm(overrides: Partial<NewFirm> = {}): NewFirm {
  const n = nextId();
  const name = overrides.name ?? `Test Firm ${n}`;
  const slug = overrides.slug ?? `${slugify(name)}${overrides.name ? `-${n}` : ''}`;
  return {
    slug,
    name,
    status: 'listed',
    logo: null,
    shortDescription: `${name} funds traders who pass a two-step evaluation.`,
    description: `${name} is a proprietary trading firm.\nTraders keep most of the profit they make.`,
    website: `https://${slug}.example`,
    affiliateUrl: `https://${slug}.example/?ref=propfirmclub`,
    assetType: 'CFD/Forex',
    features: ['Two-step evaluation', 'Bi-weekly payouts'],
    tradableAssets: ['Forex', 'Indices', 'Commodities'],
    restrictedCountries: [],
    headquarters: 'London, United Kingdom',
    ceoName: 'Alex Example',
    established: 2021,
    trustRating: 'approved',
    accountPriceMin: 99,
    accountPriceMax: 499,
    fundingMin: 10_000,
    fundingMax: 100_000,
    ...overrides,
  };
}

export async function insertFirm(db: Db, overrides: Partial<NewFirm> = {}) {
  const [row] = await db.insert(propFirms).values(buildFirm(overrides)).returning();
  return row;
}

export function buildFundingModel(
  overrides: Partial<NewFundingModel> & { propFirmId: number },
): NewFundingModel {
  return {
    name: `Two-Step Challenge ${nextId()}`,
    description: 'Pass two phases with fixed targets, then trade a funded account.',
    type: '2-Step',
    assetType: 'Forex',
    leverage: 100,
    profitSplit: 80,
    payoutFrequency: 'Bi-weekly',
    minimumPayout: 50,
    payoutRequirements: 'One profitable trading day per payout cycle.',
    profitTargetPhase1: 8,
    profitTargetPhase2: 5,
    profitTargetPhase3: null,
    maximumDrawdown: 10,
    dailyDrawdown: 5,
    drawdownType: 'static',
    stopLossRequired: false,
    minimumTradingDays: 4,
    feeRefundable: true,
    timeLimits: false,
    eaAllowed: true,
    consistencyRule: false,
    consistencyPercentage: null,
    weekendHolding: true,
    lotSizeRestrictions: false,
    newsTrading: 'Allowed',
    features: ['No time limit', 'Fee refunded with first payout'],
    sortOrder: 0,
    ...overrides,
  };
}

export async function insertFundingModel(db: Db, overrides: Partial<NewFundingModel> = {}) {
  const propFirmId = overrides.propFirmId ?? (await insertFirm(db)).id;
  const [row] = await db
    .insert(fundingModels)
    .values(buildFundingModel({ ...overrides, propFirmId }))
    .returning();
  return row;
}

export function buildAccount(
  overrides: Partial<NewAccount> & { propFirmId: number; fundingModelId: number },
): NewAccount {
  return {
    capital: 100_000,
    price: 499,
    pricingType: 'one-time',
    maxContracts: null,
    disclaimer: null,
    ...overrides,
  };
}

/** Inserts an account option; creates its funding model (and firm) when none is given. */
export async function insertAccount(db: Db, overrides: Partial<NewAccount> = {}) {
  let { propFirmId, fundingModelId } = overrides;
  if (fundingModelId === undefined) {
    const model = await insertFundingModel(db, propFirmId === undefined ? {} : { propFirmId });
    fundingModelId = model.id;
    propFirmId = model.propFirmId;
  } else if (propFirmId === undefined) {
    const [model] = await db.select().from(fundingModels).where(eq(fundingModels.id, fundingModelId));
    propFirmId = model.propFirmId;
  }
  const [row] = await db
    .insert(firmAccounts)
    .values(buildAccount({ ...overrides, propFirmId, fundingModelId }))
    .returning();
  return row;
}

export function buildPlatform(overrides: Partial<NewPlatform> = {}): NewPlatform {
  return { name: `Platform ${nextId()}`, logo: null, ...overrides };
}

export async function insertPlatform(db: Db, overrides: Partial<NewPlatform> = {}) {
  const [row] = await db.insert(platforms).values(buildPlatform(overrides)).returning();
  return row;
}

export function buildPayoutMethod(overrides: Partial<NewPayoutMethod> = {}): NewPayoutMethod {
  return { name: `Payout Method ${nextId()}`, logo: null, ...overrides };
}

export async function insertPayoutMethod(db: Db, overrides: Partial<NewPayoutMethod> = {}) {
  const [row] = await db.insert(payoutMethods).values(buildPayoutMethod(overrides)).returning();
  return row;
}

export async function linkFirmPlatforms(db: Db, propFirmId: number, platformIds: number[]) {
  if (platformIds.length === 0) return;
  await db.insert(firmPlatforms).values(platformIds.map((platformId) => ({ propFirmId, platformId })));
}

export async function linkFirmPayoutMethods(db: Db, propFirmId: number, payoutMethodIds: number[]) {
  if (payoutMethodIds.length === 0) return;
  await db
    .insert(firmPayoutMethods)
    .values(payoutMethodIds.map((payoutMethodId) => ({ propFirmId, payoutMethodId })));
}

/** Pins a firm to the top of the directory (the table holds a single row). */
export async function setFeaturedFirm(db: Db, propFirmId: number | null) {
  const [row] = await db
    .insert(featuredFirm)
    .values({ id: 1, propFirmId })
    .onConflictDoUpdate({ target: featuredFirm.id, set: { propFirmId, updatedAt: new Date() } })
    .returning();
  return row;
}

export function buildUnlistedFirm(overrides: Partial<NewUnlistedFirm> = {}): NewUnlistedFirm {
  const n = nextId();
  return {
    name: `Unlisted Firm ${n}`,
    logo: null,
    assetClass: 'CFD/Forex',
    description: 'A newer firm we are still evaluating.',
    link: `https://unlisted-${n}.example`,
    status: 'not_yet_listed',
    sortOrder: 0,
    ...overrides,
  };
}

export async function insertUnlistedFirm(db: Db, overrides: Partial<NewUnlistedFirm> = {}) {
  const [row] = await db.insert(unlistedFirms).values(buildUnlistedFirm(overrides)).returning();
  return row;
}

// ---------------------------------------------------------------- content

export function buildCoupon(overrides: Partial<NewCoupon> = {}): NewCoupon {
  const n = nextId();
  return {
    slug: `deal-${n}`,
    code: `SAVE${n.replace(/[^0-9a-z]/gi, '').toUpperCase()}`,
    title: '20% off every challenge',
    description: '20% off all evaluation accounts',
    discountPercent: 20,
    expiryDate: new Date(Date.now() + 30 * DAY),
    isActive: true,
    featured: false,
    usageCount: 0,
    image: null,
    logo: null,
    firmName: null,
    affiliateUrl: null,
    terms: null,
    propFirmId: null,
    lastVerifiedAt: null,
    ...overrides,
  };
}

export async function insertCoupon(db: Db, overrides: Partial<NewCoupon> = {}) {
  const [row] = await db.insert(coupons).values(buildCoupon(overrides)).returning();
  return row;
}

export function buildBlogPost(overrides: Partial<NewBlogPost> = {}): NewBlogPost {
  const n = nextId();
  return {
    slug: `test-post-${n}`,
    title: `Test Post ${n}`,
    excerpt: 'A short summary of the post.',
    content: '<p>The body of the post.</p>',
    category: 'article',
    featuredImage: null,
    author: null,
    readTime: 4,
    published: true,
    publishDate: new Date(),
    tags: ['prop trading'],
    templateEnabled: false,
    templateData: null,
    ...overrides,
  };
}

export async function insertBlogPost(db: Db, overrides: Partial<NewBlogPost> = {}) {
  const [row] = await db.insert(blogPosts).values(buildBlogPost(overrides)).returning();
  return row;
}

export function buildQuickUpdate(overrides: Partial<NewQuickUpdate> = {}): NewQuickUpdate {
  return { title: `Update ${nextId()}`, content: 'A short piece of news.', published: true, ...overrides };
}

export async function insertQuickUpdate(db: Db, overrides: Partial<NewQuickUpdate> = {}) {
  const [row] = await db.insert(quickUpdates).values(buildQuickUpdate(overrides)).returning();
  return row;
}

// ---------------------------------------------------------------- people

export function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  const n = nextId();
  return {
    id: `user-${n}`,
    name: `Trader ${n}`,
    email: `trader-${n}@example.test`,
    emailVerified: true,
    firstName: 'Sam',
    username: `trader_${n.replace(/-/g, '_')}`,
    role: 'user',
    ...overrides,
  };
}

export async function insertUser(db: Db, overrides: Partial<NewUser> = {}) {
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  return row;
}

export function buildManualReview(overrides: Partial<NewReview> & { propFirmId: number }): NewReview {
  return {
    userId: null,
    rating: 4,
    title: 'Smooth payouts so far',
    comment: 'Passed the evaluation in three weeks and the first payout arrived in two days.',
    isManual: true,
    authorName: 'Jordan P.',
    source: 'Review site',
    isVerified: false,
    ...overrides,
  };
}

export function buildUserReview(
  overrides: Partial<NewReview> & { propFirmId: number; userId: string },
): NewReview {
  return {
    rating: 5,
    title: 'Fair rules and quick support',
    comment: 'The rules are clear and support answered within the hour.',
    isManual: false,
    authorName: null,
    source: null,
    isVerified: false,
    ...overrides,
  };
}

export async function insertManualReview(db: Db, overrides: Partial<NewReview> = {}) {
  const propFirmId = overrides.propFirmId ?? (await insertFirm(db)).id;
  const [row] = await db
    .insert(reviews)
    .values(buildManualReview({ ...overrides, propFirmId }))
    .returning();
  return row;
}

/** A review written by a user; creates the firm and the user when not given. */
export async function insertUserReview(db: Db, overrides: Partial<NewReview> = {}) {
  const propFirmId = overrides.propFirmId ?? (await insertFirm(db)).id;
  const userId = overrides.userId ?? (await insertUser(db)).id;
  const [row] = await db
    .insert(reviews)
    .values(buildUserReview({ ...overrides, propFirmId, userId }))
    .returning();
  return row;
}

export function buildNewsletterSubscriber(
  overrides: Partial<NewNewsletterSubscriber> = {},
): NewNewsletterSubscriber {
  return {
    email: `reader-${nextId()}@example.test`,
    source: 'footer',
    tags: [],
    status: 'confirmed',
    confirmedAt: new Date(),
    ...overrides,
  };
}

export async function insertNewsletterSubscriber(db: Db, overrides: Partial<NewNewsletterSubscriber> = {}) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values(buildNewsletterSubscriber(overrides))
    .returning();
  return row;
}

// ---------------------------------------------------------------- giveaways

/** An active giveaway; its serverSeedHash always matches its serverSeed unless both are given. */
export function buildGiveaway(overrides: Partial<NewGiveaway> = {}): NewGiveaway {
  const n = nextId();
  const serverSeed = overrides.serverSeed ?? randomBytes(32).toString('hex');
  return {
    slug: `giveaway-${n}`,
    title: `Funded Account Giveaway ${n}`,
    description: '<p>Win a funded evaluation account.</p>',
    giveawayImage: null,
    giveawayLink: null,
    prizeDescription: 'One 50K evaluation account',
    prizeValue: '$299',
    status: 'active',
    startDate: new Date(Date.now() - DAY),
    endDate: new Date(Date.now() + 14 * DAY),
    completedAt: null,
    maxEntries: null,
    winnerCount: 1,
    serverSeed,
    serverSeedHash: sha256(serverSeed),
    clientSeed: null,
    winnerUserIds: [],
    winnerTicketNumbers: [],
    propFirmId: null,
    ...overrides,
  };
}

export async function insertGiveaway(db: Db, overrides: Partial<NewGiveaway> = {}) {
  const [row] = await db.insert(giveaways).values(buildGiveaway(overrides)).returning();
  return row;
}

/** An entry whose hash follows src/domain/giveaway-draw.ts computeEntryHash. */
export function buildGiveawayEntry(
  overrides: Partial<NewGiveawayEntry> & { giveawayId: number; userId: string; ticketNumber: number },
  serverSeedHash: string,
): NewGiveawayEntry {
  return {
    socialMediaHandle: `@${overrides.userId.replace(/[^a-z0-9_]/gi, '_')}`,
    entryHash: sha256(`${serverSeedHash}:${overrides.ticketNumber}:${overrides.userId}`),
    ...overrides,
  };
}

/** Enters a user into a giveaway with the next ticket number; creates both when not given. */
export async function insertGiveawayEntry(db: Db, overrides: Partial<NewGiveawayEntry> = {}) {
  const giveaway = overrides.giveawayId
    ? (await db.select().from(giveaways).where(eq(giveaways.id, overrides.giveawayId)))[0]
    : await insertGiveaway(db);
  const userId = overrides.userId ?? (await insertUser(db)).id;
  let ticketNumber = overrides.ticketNumber;
  if (ticketNumber === undefined) {
    const [last] = await db
      .select({ value: max(giveawayEntries.ticketNumber) })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.giveawayId, giveaway.id));
    ticketNumber = (last?.value ?? 0) + 1;
  }
  const [row] = await db
    .insert(giveawayEntries)
    .values(
      buildGiveawayEntry(
        { ...overrides, giveawayId: giveaway.id, userId, ticketNumber },
        giveaway.serverSeedHash,
      ),
    )
    .returning();
  return row;
}
