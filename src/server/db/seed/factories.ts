// Test-data builders shared by the demo seed, the benchmarks and the integration tests. They live
// under src/ (not tests/) because the demo seed runs in production and src never imports tests.
import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, max } from 'drizzle-orm';
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

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

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

// ---------------------------------------------------------------- firm bundles (bulk)

export interface ModelBundle {
  model: Omit<NewFundingModel, 'propFirmId'>;
  accounts: Omit<NewAccount, 'propFirmId' | 'fundingModelId'>[];
}

/** A firm with everything it owns, keyed by names so bundles can be inserted in bulk. */
export interface FirmBundle {
  firm: NewFirm;
  models: ModelBundle[];
  platformNames: string[];
  payoutMethodNames: string[];
}

// PostgreSQL allows 65,535 bind parameters per statement; 400 rows of ~40 columns stays well under.
const BATCH_ROWS = 400;

function chunk<T>(items: T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts firms with their funding models, accounts, platform and payout-method links using
 * batched multi-row inserts. Platforms and payout methods must already exist by name.
 * Returns the new firm ids by slug.
 */
export async function insertFirmBundles(db: Db, bundles: FirmBundle[]): Promise<Map<string, number>> {
  const firmIds = new Map<string, number>();
  for (const batch of chunk(bundles.map((b) => b.firm))) {
    const rows = await db
      .insert(propFirms)
      .values(batch)
      .returning({ id: propFirms.id, slug: propFirms.slug });
    for (const r of rows) firmIds.set(r.slug, r.id);
  }

  // Models are matched back by (firm, sortOrder): RETURNING order is not guaranteed.
  const modelRows = bundles.flatMap((b) =>
    b.models.map((m, i) => ({ ...m.model, sortOrder: i, propFirmId: firmIds.get(b.firm.slug)! })),
  );
  const modelIds = new Map<string, number>();
  for (const batch of chunk(modelRows)) {
    const rows = await db.insert(fundingModels).values(batch).returning({
      id: fundingModels.id,
      propFirmId: fundingModels.propFirmId,
      sortOrder: fundingModels.sortOrder,
    });
    for (const r of rows) modelIds.set(`${r.propFirmId}:${r.sortOrder}`, r.id);
  }

  const accountRows = bundles.flatMap((b) => {
    const propFirmId = firmIds.get(b.firm.slug)!;
    return b.models.flatMap((m, i) =>
      m.accounts.map((a) => ({ ...a, propFirmId, fundingModelId: modelIds.get(`${propFirmId}:${i}`)! })),
    );
  });
  for (const batch of chunk(accountRows, 2000)) await db.insert(firmAccounts).values(batch);

  const platformNames = [...new Set(bundles.flatMap((b) => b.platformNames))];
  const methodNames = [...new Set(bundles.flatMap((b) => b.payoutMethodNames))];
  const platformIds = new Map(
    platformNames.length === 0
      ? []
      : (
          await db
            .select({ id: platforms.id, name: platforms.name })
            .from(platforms)
            .where(inArray(platforms.name, platformNames))
        ).map((p) => [p.name, p.id] as const),
  );
  const methodIds = new Map(
    methodNames.length === 0
      ? []
      : (
          await db
            .select({ id: payoutMethods.id, name: payoutMethods.name })
            .from(payoutMethods)
            .where(inArray(payoutMethods.name, methodNames))
        ).map((p) => [p.name, p.id] as const),
  );
  const missing = [
    ...platformNames.filter((n) => !platformIds.has(n)),
    ...methodNames.filter((n) => !methodIds.has(n)),
  ];
  if (missing.length > 0) throw new Error(`Unknown platforms or payout methods: ${missing.join(', ')}`);

  const platformLinks = bundles.flatMap((b) =>
    b.platformNames.map((n) => ({ propFirmId: firmIds.get(b.firm.slug)!, platformId: platformIds.get(n)! })),
  );
  for (const batch of chunk(platformLinks, 5000)) await db.insert(firmPlatforms).values(batch);
  const methodLinks = bundles.flatMap((b) =>
    b.payoutMethodNames.map((n) => ({
      propFirmId: firmIds.get(b.firm.slug)!,
      payoutMethodId: methodIds.get(n)!,
    })),
  );
  for (const batch of chunk(methodLinks, 5000)) await db.insert(firmPayoutMethods).values(batch);
  return firmIds;
}

// ---------------------------------------------------------------- deterministic generation

/** mulberry32: a tiny seeded PRNG so generated data is identical on every run. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** k distinct items, in their original order. */
    sample: <T>(items: readonly T[], k: number): T[] => {
      const idx = items.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx
        .slice(0, Math.min(k, items.length))
        .sort((x, y) => x - y)
        .map((i) => items[i]);
    },
  };
}
export type Random = ReturnType<typeof createRandom>;

export const TRADABLE_ASSETS = ['Forex', 'Commodities', 'Indices', 'Stocks', 'Crypto', 'Futures'] as const;
export const FOREX_PLATFORMS = [
  'MetaTrader 4',
  'MetaTrader 5',
  'cTrader',
  'DXtrade',
  'Match-Trader',
  'TradingView',
];
export const FUTURES_PLATFORMS = ['NinjaTrader', 'Tradovate', 'Rithmic', 'TradingView', 'Quantower'];
export const CRYPTO_PLATFORMS = ['Web Trader', 'TradingView', 'cTrader', 'Match-Trader'];
export const PAYOUT_METHOD_NAMES = [
  'Bank Wire',
  'Crypto (USDT)',
  'Crypto (USDC)',
  'E-Wallet',
  'Debit Card',
  'Payout Platform',
];

export type AssetClass = 'forex' | 'futures' | 'crypto';

const CAPITALS: Record<AssetClass, number[]> = {
  forex: [5_000, 10_000, 25_000, 50_000, 100_000, 200_000, 400_000],
  futures: [25_000, 50_000, 100_000, 150_000, 250_000],
  crypto: [5_000, 10_000, 25_000, 50_000, 100_000, 200_000],
};

const MODEL_TYPES: Record<AssetClass, { name: string; type: string; phases: number }[]> = {
  forex: [
    { name: 'Two-Step Evaluation', type: '2-Step', phases: 2 },
    { name: 'One-Step Evaluation', type: '1-Step', phases: 1 },
    { name: 'Three-Step Starter', type: '3-Step', phases: 3 },
    { name: 'Instant Funding', type: 'Instant', phases: 0 },
  ],
  futures: [
    { name: 'Standard Combine', type: '1-Step', phases: 1 },
    { name: 'Rapid Evaluation', type: '1-Step', phases: 1 },
    { name: 'Two-Phase Futures Path', type: '2-Step', phases: 2 },
    { name: 'Straight-to-Funded', type: 'Instant', phases: 0 },
  ],
  crypto: [
    { name: 'Crypto Two-Step', type: '2-Step', phases: 2 },
    { name: 'Crypto One-Step', type: '1-Step', phases: 1 },
    { name: 'Crypto Instant', type: 'Instant', phases: 0 },
  ],
};

const NEWS_TRADING = [
  'Allowed',
  'Allowed on all accounts',
  'Not allowed 2 minutes before and after high-impact news',
  'Allowed in evaluation, restricted on funded accounts',
  'Restricted around tier-1 releases',
];
const PAYOUT_FREQUENCIES = [
  'Bi-weekly',
  'Weekly',
  'Every 5 trading days',
  'Monthly',
  'On demand after 14 days',
];
const MODEL_FEATURES = [
  'No time limit',
  'Fee refunded with first payout',
  'Scaling plan up to 2M',
  'Free retry when in profit',
  'Overnight holding',
  'Expert advisors allowed',
  'Weekly payouts after first month',
  'Copy trading between own accounts',
  'Reset discount',
  'Dedicated account manager',
];

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Activation fee and reset price of an account: common on monthly futures accounts, rarer on
 * one-time ones. Drawn from their own generator, seeded by the account, so adding them left every
 * other generated value (and so the demo data) as it was.
 */
function accountExtras(price: number, capital: number, monthly: boolean) {
  const random = createRandom(Math.round(price * 100) * 31 + capital);
  return {
    activationFee: random.chance(monthly ? 0.6 : 0.1)
      ? random.pick(monthly ? [85, 99, 130, 149] : [49, 99])
      : null,
    resetPrice: random.chance(monthly ? 0.7 : 0.3)
      ? round2(Math.round(price * (monthly ? 0.8 : 0.85)) - 0.01)
      : null,
  };
}

/** Realistic funding models and accounts for one asset class, drawn from `random`. */
export function generateModels(random: Random, assetClass: AssetClass, count: number): ModelBundle[] {
  const kinds = random.sample(MODEL_TYPES[assetClass], count);
  return kinds.map((kind) => {
    const isFutures = assetClass === 'futures';
    const leverage = isFutures
      ? random.pick([2, 5, 10])
      : assetClass === 'crypto'
        ? random.pick([2, 5, 10, 20])
        : random.pick([30, 50, 100]);
    const instant = kind.phases === 0;
    // Instant accounts skip the evaluation, so firms give them less room and charge more.
    const maximumDrawdown = isFutures
      ? random.pick(instant ? [2, 3] : [3, 4, 5, 6])
      : random.pick(instant ? [4, 5, 6] : [6, 8, 10, 12]);
    const halfOfMax = [2, 3, 4, 5].filter((d) => d <= maximumDrawdown / 2);
    const dailyLimits = halfOfMax.length > 0 ? halfOfMax : [1];
    const consistencyRule = random.chance(isFutures ? 0.6 : 0.3);
    const capitals = random.sample(CAPITALS[assetClass], random.int(3, 5));
    const monthly = isFutures && kind.type !== 'Instant';
    const pricePerK = monthly
      ? random.int(9, 16) / 10_000
      : random.int(instant ? 70 : 35, instant ? 110 : 60) / 10_000;
    return {
      model: {
        name: kind.name,
        description:
          kind.phases === 0
            ? 'Skip the evaluation and trade a funded account from day one, with tighter drawdown and a lower starting split.'
            : `Reach the ${kind.phases === 1 ? 'profit target once' : `targets of ${kind.phases} phases`} while respecting the drawdown rules, then trade a funded account and share the profits.`,
        type: kind.type,
        assetType: isFutures ? 'Futures' : assetClass === 'crypto' ? 'Crypto' : 'Forex',
        leverage,
        profitSplit: kind.phases === 0 ? random.pick([70, 75, 80]) : random.pick([80, 85, 90, 90, 95, 100]),
        payoutFrequency: random.pick(PAYOUT_FREQUENCIES),
        minimumPayout: random.pick([50, 100, 100, 150, 250]),
        payoutRequirements: random.pick([
          'At least 5 profitable days of 0.5% or more since the last payout.',
          'Minimum 14 days since the first trade on the funded account.',
          'A profit of at least 1% and no open positions at request time.',
          'Pass a short identity check before the first withdrawal.',
        ]),
        profitTargetPhase1: kind.phases >= 1 ? random.pick(isFutures ? [6, 6, 8] : [8, 10, 10]) : null,
        profitTargetPhase2: kind.phases >= 2 ? random.pick([4, 5, 5]) : null,
        profitTargetPhase3: kind.phases >= 3 ? random.pick([4, 5]) : null,
        maximumDrawdown,
        dailyDrawdown: isFutures && random.chance(0.5) ? null : random.pick(dailyLimits),
        drawdownType: isFutures
          ? random.pick(['trailing-eod', 'trailing-intraday'] as const)
          : random.pick(['static', 'balance', 'equity', 'trailing-intraday'] as const),
        stopLossRequired: random.chance(0.25),
        minimumTradingDays: random.pick([0, 3, 4, 5, 7]),
        feeRefundable: random.chance(0.6),
        timeLimits: random.chance(0.2),
        eaAllowed: random.chance(0.7),
        consistencyRule,
        consistencyPercentage: consistencyRule ? random.pick([20, 30, 35, 40, 50]) : null,
        weekendHolding: isFutures ? false : random.chance(0.5),
        lotSizeRestrictions: random.chance(0.3),
        newsTrading: random.pick(NEWS_TRADING),
        features: random.sample(MODEL_FEATURES, random.int(2, 4)),
        sortOrder: 0,
      },
      accounts: capitals.map((capital) => {
        const price = round2(Math.max(monthly ? 49 : 39, Math.round(capital * pricePerK)) - 0.01);
        return {
          capital,
          price,
          pricingType: monthly ? 'monthly' : 'one-time',
          maxContracts: isFutures ? Math.max(1, Math.round(capital / 25_000) * 2) : null,
          disclaimer: random.chance(0.2) ? 'Price shown before any coupon; taxes may apply.' : null,
          ...accountExtras(price, capital, monthly),
        };
      }),
    };
  });
}

/** accountPriceMin/Max and fundingMin/Max that agree with the bundle's accounts. */
export function summariseAccounts(models: ModelBundle[]) {
  const accounts = models.flatMap((m) => m.accounts);
  const prices = accounts.map((a) => Number(a.price));
  const capitals = accounts.map((a) => a.capital);
  return {
    accountPriceMin: prices.length ? Math.min(...prices) : null,
    accountPriceMax: prices.length ? Math.max(...prices) : null,
    fundingMin: capitals.length ? Math.min(...capitals) : null,
    fundingMax: capitals.length ? Math.max(...capitals) : null,
  };
}

const NAME_FIRST = [
  'North',
  'Silver',
  'Harbor',
  'Granite',
  'Cedar',
  'Falcon',
  'Amber',
  'Copper',
  'Willow',
  'Summit',
  'Maple',
  'Onyx',
  'Coral',
  'Juniper',
  'Slate',
  'Indigo',
  'Birch',
  'Crimson',
  'Lumen',
  'Tundra',
];
const NAME_SECOND = [
  'gate',
  'field',
  'crest',
  'wood',
  'stone',
  'brook',
  'ridge',
  'vale',
  'haven',
  'mark',
  'point',
  'line',
  'port',
  'view',
  'wick',
];
const NAME_SUFFIX = ['Capital', 'Trading', 'Funding', 'Traders', 'Markets', 'Prop Group', 'Desk', 'Partners'];
const CITIES = [
  'London, United Kingdom',
  'Dubai, UAE',
  'Prague, Czech Republic',
  'Austin, USA',
  'Chicago, USA',
  'Limassol, Cyprus',
  'Sydney, Australia',
  'Toronto, Canada',
  'Tallinn, Estonia',
  'Singapore',
];
const FIRST_NAMES = [
  'Avery',
  'Jonah',
  'Mira',
  'Tobias',
  'Lena',
  'Rafael',
  'Ines',
  'Callum',
  'Priya',
  'Mateo',
];
const LAST_NAMES = [
  'Holloway',
  'Varga',
  'Okafor',
  'Lindqvist',
  'Marchetti',
  'Duarte',
  'Kowal',
  'Ashby',
  'Nakamura',
  'Brennan',
];
const TRUST = ['approved', 'trusted', 'caution', 'avoid', 'not tested', null];

/**
 * `count` realistic listed firms, identical for the same seed (used by benchmarks with
 * thousands of firms). Slugs and names are unique within one call.
 */
export function generateFirms(count: number, seed: number): FirmBundle[] {
  const random = createRandom(seed);
  const bundles: FirmBundle[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    let name = `${random.pick(NAME_FIRST)}${random.pick(NAME_SECOND)} ${random.pick(NAME_SUFFIX)}`;
    if (seen.has(name)) name = `${name} ${i + 1}`;
    seen.add(name);
    const slug = `${slugify(name)}-g${seed}`;
    const assetClass = random.pick<AssetClass>(['forex', 'forex', 'futures', 'crypto']);
    const models = generateModels(random, assetClass, random.int(1, 4));
    const assetType = { forex: 'CFD/Forex', futures: 'Futures', crypto: 'Crypto' }[assetClass];
    const cashback = random.chance(0.3);
    bundles.push({
      firm: {
        slug,
        name,
        status: 'listed',
        logo: null,
        shortDescription: `${name} offers ${assetType} evaluations from ${models[0].accounts[0].capital.toLocaleString('en-US')} dollars with up to ${Math.max(...models.map((m) => m.model.profitSplit ?? 0))}% profit split.`,
        description: `${name} is a ${assetType} proprietary trading firm.\nIt funds traders who prove consistent risk management in an evaluation.\nPayouts are processed ${models[0].model.payoutFrequency?.toLowerCase()}.`,
        website: `https://${slug}.example`,
        affiliateUrl: `https://${slug}.example/?ref=propfirmclub`,
        assetType,
        features: random.sample(MODEL_FEATURES, 3),
        tradableAssets: random.sample(TRADABLE_ASSETS, random.int(2, 5)),
        restrictedCountries: random.sample(
          ['United States', 'Iran', 'North Korea', 'Cuba', 'Syria', 'Russia'],
          random.int(0, 4),
        ),
        headquarters: random.pick(CITIES),
        ceoName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        established: random.int(2014, 2024),
        trustRating: random.pick(TRUST),
        watchOutFor: 'Read the drawdown rules carefully.\nCheck which countries are restricted.',
        cashbackProvided: cashback,
        cashbackPercentage: cashback ? random.pick([5, 8, 10, 12, 15]) : null,
        ...summariseAccounts(models),
      },
      models,
      platformNames: random.sample(
        assetClass === 'futures'
          ? FUTURES_PLATFORMS
          : assetClass === 'crypto'
            ? CRYPTO_PLATFORMS
            : FOREX_PLATFORMS,
        random.int(1, 3),
      ),
      payoutMethodNames: random.sample(PAYOUT_METHOD_NAMES, random.int(1, 3)),
    });
  }
  return bundles;
}

/** Makes sure every platform and payout method the bundles name exists (for generated data). */
export async function ensurePlatformsAndPayoutMethods(db: Db, bundles: FirmBundle[]) {
  const platformNames = [...new Set(bundles.flatMap((b) => b.platformNames))];
  const methodNames = [...new Set(bundles.flatMap((b) => b.payoutMethodNames))];
  if (platformNames.length) {
    await db
      .insert(platforms)
      .values(platformNames.map((name) => ({ name, logo: `/images/platforms/${slugify(name)}.svg` })))
      .onConflictDoNothing();
  }
  if (methodNames.length) {
    await db
      .insert(payoutMethods)
      .values(methodNames.map((name) => ({ name, logo: `/images/payout-methods/${slugify(name)}.svg` })))
      .onConflictDoNothing();
  }
}
