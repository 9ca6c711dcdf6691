import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { DRAWDOWN_TYPES } from '../../../domain/challenge-rules';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const propFirms = pgTable(
  'prop_firms',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    status: text('status').notNull().default('listed'),
    logo: text('logo'),
    shortDescription: text('short_description'),
    description: text('description'),
    website: text('website'),
    affiliateUrl: text('affiliate_url'),
    assetType: text('asset_type'),
    features: text('features').array().notNull().default([]),
    tradableAssets: text('tradable_assets').array().notNull().default([]),
    restrictedCountries: text('restricted_countries').array().notNull().default([]),
    headquarters: text('headquarters'),
    ceoName: text('ceo_name'),
    established: integer('established'),
    trustRating: text('trust_rating'),
    ratingOverview: text('rating_overview'),
    ratingLeadership: text('rating_leadership'),
    ratingTransparency: text('rating_transparency'),
    ratingThirdPartyReviews: text('rating_third_party_reviews'),
    ratingLongTermVision: text('rating_long_term_vision'),
    ratingSustainability: text('rating_sustainability'),
    watchOutFor: text('watch_out_for'),
    londonExpoEnabled: boolean('london_expo_enabled').notNull().default(false),
    londonExpoUrl: text('london_expo_url'),
    payoutJunctionEnabled: boolean('payout_junction_enabled').notNull().default(false),
    payoutJunctionUrl: text('payout_junction_url'),
    cashbackProvided: boolean('cashback_provided').notNull().default(false),
    cashbackPercentage: doublePrecision('cashback_percentage'),
    accountPriceMin: money('account_price_min'),
    accountPriceMax: money('account_price_max'),
    fundingMin: integer('funding_min'),
    fundingMax: integer('funding_max'),
    // Optimistic concurrency for the admin editor: a save names the version it started from.
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // fastupdate off: PGlite has no autovacuum, so a GIN pending list is never merged and every
    // search would scan it row by row. Firms change rarely; inserts can pay.
    index('prop_firms_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('prop_firms_status_idx').on(t.status),
  ],
);

export const fundingModels = pgTable(
  'funding_models',
  {
    id: serial('id').primaryKey(),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type'),
    assetType: text('asset_type'),
    leverage: integer('leverage'),
    profitSplit: doublePrecision('profit_split'),
    payoutFrequency: text('payout_frequency'),
    minimumPayout: money('minimum_payout'),
    payoutRequirements: text('payout_requirements'),
    profitTargetPhase1: doublePrecision('profit_target_phase1'),
    profitTargetPhase2: doublePrecision('profit_target_phase2'),
    profitTargetPhase3: doublePrecision('profit_target_phase3'),
    maximumDrawdown: doublePrecision('maximum_drawdown'),
    dailyDrawdown: doublePrecision('daily_drawdown'),
    drawdownType: text('drawdown_type', { enum: DRAWDOWN_TYPES }),
    stopLossRequired: boolean('stop_loss_required').notNull().default(false),
    minimumTradingDays: integer('minimum_trading_days'),
    feeRefundable: boolean('fee_refundable').notNull().default(false),
    timeLimits: boolean('time_limits').notNull().default(false),
    eaAllowed: boolean('ea_allowed').notNull().default(false),
    consistencyRule: boolean('consistency_rule').notNull().default(false),
    consistencyPercentage: doublePrecision('consistency_percentage'),
    weekendHolding: boolean('weekend_holding').notNull().default(false),
    lotSizeRestrictions: boolean('lot_size_restrictions').notNull().default(false),
    newsTrading: text('news_trading'),
    features: text('features').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('funding_models_firm_idx').on(t.propFirmId),
    check(
      'funding_models_drawdown_type_check',
      sql`${t.drawdownType} in (${sql.raw(DRAWDOWN_TYPES.map((v) => `'${v}'`).join(', '))})`,
    ),
  ],
);

export const firmAccounts = pgTable(
  'firm_accounts',
  {
    id: serial('id').primaryKey(),
    fundingModelId: integer('funding_model_id')
      .notNull()
      .references(() => fundingModels.id, { onDelete: 'cascade' }),
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    capital: integer('capital').notNull(),
    price: money('price').notNull(),
    pricingType: text('pricing_type').notNull().default('one-time'),
    maxContracts: integer('max_contracts'),
    disclaimer: text('disclaimer'),
    /** Charged once on passing, before the funded account starts; null when there is none. */
    activationFee: money('activation_fee'),
    /** What a reset (a fresh attempt at the same account) costs; null when the firm offers none. */
    resetPrice: money('reset_price'),
  },
  (t) => [
    index('firm_accounts_model_idx').on(t.fundingModelId),
    index('firm_accounts_firm_idx').on(t.propFirmId),
  ],
);

export const platforms = pgTable('platforms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  logo: text('logo'),
});

export const payoutMethods = pgTable('payout_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  logo: text('logo'),
});

export const firmPlatforms = pgTable(
  'firm_platforms',
  {
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.propFirmId, t.platformId] })],
);

export const firmPayoutMethods = pgTable(
  'firm_payout_methods',
  {
    propFirmId: integer('prop_firm_id')
      .notNull()
      .references(() => propFirms.id, { onDelete: 'cascade' }),
    payoutMethodId: integer('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.propFirmId, t.payoutMethodId] })],
);

export const unlistedFirms = pgTable('unlisted_firms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  assetClass: text('asset_class'),
  description: text('description'),
  link: text('link'),
  status: text('status').notNull().default('not_yet_listed'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Optimistic concurrency for the admin form: a save names the version it started from.
  version: integer('version').notNull().default(1),
});

// A single-row table: the firm the directory pins to the top.
export const featuredFirm = pgTable('featured_firm', {
  id: integer('id').primaryKey().default(1),
  propFirmId: integer('prop_firm_id').references(() => propFirms.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
